import { useTranslation } from 'react-i18next';
import { formatDuration, mw, num, percent } from '../../../lib/format';
import { useAmount } from './units';
import { AddonPanel, Meter, ScrollTable, type PanelContext } from '../common';
import {
  byUrgency,
  burnsFuel,
  fuelTotals,
  isFluidFuel,
  LOW_FUEL_SECONDS,
  lowOnFuel,
  outOfFuel,
  type FuelTotal,
  type Generator,
} from './model';
import { livePanel } from '../live-panel';

function FuelTotals(props: { totals: FuelTotal[] }) {
  const { t } = useTranslation('dashboard');
  const amount = useAmount();
  const title = t('generatorsPanel.perFuel');
  return (
    <ScrollTable title={title}>
      <table className="table table-compact" data-testid="fuel-totals">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('generatorsPanel.fuel')}</th>
            <th scope="col" className="num">
              {t('generatorsPanel.count')}
            </th>
            <th scope="col" className="num">
              {t('generatorsPanel.output')}
            </th>
            <th scope="col" className="num">
              {t('generatorsPanel.capacity')}
            </th>
            <th scope="col" className="num">
              {t('generatorsPanel.held')}
            </th>
            <th scope="col" className="num">
              {t('generatorsPanel.firstOut')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.totals.map((f) => (
            <tr key={f.geothermal ? 'geo' : (f.fuel ?? 'none')} data-fuel={f.fuel ?? ''}>
              <th scope="row">
                {f.geothermal ? t('generatorsPanel.geothermal') : (f.fuel ?? t('generatorsPanel.noFuel'))}
              </th>
              <td className="num">{num(f.generators, 0)}</td>
              <td className="num">{mw(f.production)}</td>
              <td className="num">{mw(f.capacity)}</td>
              <td className="num">{f.geothermal ? '—' : amount(f.amount, f.fluid)}</td>
              <td className="num">{formatDuration(f.shortest)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function TimeLeft(props: { g: Generator }) {
  const { t } = useTranslation('dashboard');
  const g = props.g;
  if (!burnsFuel(g)) return <span className="muted">{t('generatorsPanel.endless')}</span>;
  if (outOfFuel(g)) return <span className="pill pill-bad">{t('generatorsPanel.outOfFuel')}</span>;
  const text = formatDuration(g.burnTimeLeftSeconds);
  return lowOnFuel(g) ? <span className="pill pill-warn">{text}</span> : <>{text}</>;
}

function GeneratorRows(props: { generators: Generator[] }) {
  const { t } = useTranslation('dashboard');
  const amount = useAmount();
  const title = t('generatorsPanel.list');
  return (
    <ScrollTable title={title} className="table-scroll">
      <table className="table" data-testid="generator-table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('generatorsPanel.generator')}</th>
            <th scope="col">{t('generatorsPanel.fuel')}</th>
            <th scope="col" className="num">
              {t('generatorsPanel.timeLeft')}
            </th>
            <th scope="col">{t('generatorsPanel.output')}</th>
            <th scope="col" className="num">
              {t('generatorsPanel.clock')}
            </th>
            <th scope="col" className="num">
              {t('generatorsPanel.circuit')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.generators.map((g) => (
            <tr
              key={g.generatorId}
              className={outOfFuel(g) ? 'row-bad' : undefined}
              data-testid="generator-row"
              data-id={g.generatorId}
            >
              <th scope="row">{g.name}</th>
              <td>
                {burnsFuel(g) ? (g.fuelName ?? '—') : t('generatorsPanel.geothermal')}
                {burnsFuel(g) && <div className="muted small">{amount(g.fuelAmount, isFluidFuel(g))}</div>}
              </td>
              <td className="num">
                <TimeLeft g={g} />
              </td>
              <td className="meter-cell">
                <Meter
                  value={g.production}
                  max={g.capacity}
                  label={t('generatorsPanel.outputOf', { name: g.name, percent: percent(g.loadPercent) })}
                />
                <span className="small">
                  {t('generatorsPanel.ofCapacity', { output: mw(g.production), capacity: mw(g.capacity) })}
                </span>
              </td>
              <td className="num">{percent(g.clockPercent, 1)}</td>
              <td className="num">
                {g.circuitGroupId === null ? '—' : t('power.circuitId', { id: g.circuitGroupId })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Generators: totals per fuel, a warning for each that runs out soon or has, and every generator's time left. */
function GeneratorsPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  return (
    <AddonPanel
      ctx={props.ctx}
      kind="generators"
      id="generators"
      title={t('generatorsPanel.title')}
      className="panel-wide"
    >
      {(generators) => {
        if (generators.length === 0) return <p className="muted">{t('generatorsPanel.empty')}</p>;
        const out = generators.filter(outOfFuel).length;
        const low = generators.filter(lowOnFuel).length;
        return (
          <>
            {out > 0 && (
              <p className="notice notice-error" role="status" data-testid="fuel-out">
                {t('generatorsPanel.outWarning', { count: out })}
              </p>
            )}
            {low > 0 && (
              <p className="notice notice-info" role="status" data-testid="fuel-low">
                {t('generatorsPanel.lowWarning', { count: low, span: formatDuration(LOW_FUEL_SECONDS) })}
              </p>
            )}
            <FuelTotals totals={fuelTotals(generators)} />
            <GeneratorRows generators={byUrgency(generators)} />
          </>
        );
      }}
    </AddonPanel>
  );
}

export const GeneratorsPanel = livePanel(GeneratorsPanelView, { kinds: ['generators'] });

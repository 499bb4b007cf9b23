import { useTranslation } from 'react-i18next';
import { formatSpan, mw, percent } from '../../lib/format';
import type { DataOf } from '../../live/store';
import { AddonPanel, Meter, ScrollTable, type PanelContext } from './common';
import { livePanel } from './live-panel';

type Circuit = DataOf<'power'>[number];

function BatteryTrend(props: { c: Circuit }) {
  const { t } = useTranslation('dashboard');
  const d = props.c.batteryDifferential;
  if (Math.abs(d) < 0.05)
    return (
      <span className="trend" title={t('power.steady')}>
        <span aria-hidden="true">▶</span>
        <span className="sr-only">{t('power.steady')}</span>
      </span>
    );
  const charging = d > 0;
  const rate = mw(Math.abs(d));
  const eta = charging ? props.c.batteryTimeFullSeconds : props.c.batteryTimeEmptySeconds;
  const what = charging ? t('power.charging', { rate }) : t('power.draining', { rate });
  return (
    <span className={`trend ${charging ? 'ok-text' : 'warn-text'}`} title={what}>
      <span aria-hidden="true">{charging ? '▲' : '▼'}</span>
      <span className="small">
        {' '}
        {what}
        {eta
          ? ` · ${charging ? t('power.fullIn', { span: formatSpan(eta) }) : t('power.emptyIn', { span: formatSpan(eta) })}`
          : ''}
      </span>
    </span>
  );
}

/** Power per circuit: production, consumption, capacity, batteries, tripped fuses. */
function PowerPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  return (
    <AddonPanel ctx={props.ctx} kind="power" id="power" title={t('power.title')} className="panel-wide">
      {(circuits) => {
        if (circuits.length === 0)
          return (
            <p className="muted" data-testid="power-empty">
              {t('power.empty')}
            </p>
          );
        const prod = circuits.reduce((s, c) => s + c.powerProduction, 0);
        const cons = circuits.reduce((s, c) => s + c.powerConsumed, 0);
        const cap = circuits.reduce((s, c) => s + c.powerCapacity, 0);
        const tripped = circuits.filter((c) => c.fuseTriggered).length;
        return (
          <>
            <dl className="tiles tiles-compact">
              <div className="tile">
                <dt>{t('power.production')}</dt>
                <dd className="tile-text">{mw(prod)}</dd>
              </div>
              <div className="tile">
                <dt>{t('power.consumption')}</dt>
                <dd className="tile-text">{mw(cons)}</dd>
              </div>
              <div className="tile">
                <dt>{t('power.capacity')}</dt>
                <dd className="tile-text">{mw(cap)}</dd>
              </div>
              <div className="tile">
                <dt>{t('power.fuses')}</dt>
                <dd className={`tile-text ${tripped ? 'bad-text' : 'ok-text'}`}>
                  {tripped ? t('power.tripped', { count: tripped }) : t('power.allFine')}
                </dd>
              </div>
            </dl>
            <ScrollTable title={t('power.caption')}>
              <table className="table">
                <caption className="sr-only">{t('power.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('power.circuit')}</th>
                    <th scope="col" className="num">
                      {t('power.production')}
                    </th>
                    <th scope="col" className="num">
                      {t('power.consumption')}
                    </th>
                    <th scope="col" className="num">
                      {t('power.capacity')}
                    </th>
                    <th scope="col">{t('power.load')}</th>
                    <th scope="col">{t('power.battery')}</th>
                  </tr>
                </thead>
                <tbody>
                  {circuits.map((c) => {
                    const load = c.powerCapacity > 0 ? (c.powerConsumed / c.powerCapacity) * 100 : 0;
                    return (
                      <tr key={c.circuitGroupId} className={c.fuseTriggered ? 'row-bad' : undefined}>
                        <th scope="row">
                          {t('power.circuitId', { id: c.circuitGroupId })}
                          {c.fuseTriggered && (
                            <span className="pill pill-bad" data-testid="fuse-tripped">
                              {t('power.fuseTripped')}
                            </span>
                          )}
                        </th>
                        <td className="num">{mw(c.powerProduction)}</td>
                        <td className="num">
                          {mw(c.powerConsumed)}
                          <div className="muted small">{t('power.max', { value: mw(c.powerMaxConsumed) })}</div>
                        </td>
                        <td className="num">{mw(c.powerCapacity)}</td>
                        <td className="meter-cell">
                          <Meter
                            value={c.powerConsumed}
                            max={c.powerCapacity}
                            label={t('power.loadLabel', { id: c.circuitGroupId, percent: percent(load) })}
                            tone={c.fuseTriggered || load > 100 ? 'bad' : load > 90 ? 'warn' : 'ok'}
                          />
                          <span className="small muted">{percent(load)}</span>
                        </td>
                        <td>
                          {c.batteryCapacity > 0 ? (
                            <>
                              <span className={c.batteryPercent < 20 ? 'bad-text' : undefined}>
                                {percent(c.batteryPercent)}
                              </span>{' '}
                              <BatteryTrend c={c} />
                            </>
                          ) : (
                            <span className="muted">{t('power.noBattery')}</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollTable>
          </>
        );
      }}
    </AddonPanel>
  );
}

export const PowerPanel = livePanel(PowerPanelView, { kinds: ['power'] });

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cubicPerMinute, num, percent, perMinute } from '../../../lib/format';
import { AddonPanel, ScrollTable, type PanelContext } from '../common';
import {
  extractorState,
  isFluidExtractor,
  resourceTotals,
  type Extractor,
  type ExtractorState,
  type ResourceTotal,
} from './model';
import { livePanel } from '../live-panel';

const STATES: readonly ExtractorState[] = ['producing', 'idle', 'paused', 'unconfigured'];
const PILL: Record<ExtractorState, string> = { producing: 'pill-ok', idle: 'pill-warn', paused: '', unconfigured: '' };

/** The resource filter's value for extractors without a resource ('' is every resource). */
const NONE = '\u0000';

const rate = (fluid: boolean, value: number) => (fluid ? cubicPerMinute(value) : perMinute(value));

function Totals(props: { totals: ResourceTotal[] }) {
  const { t } = useTranslation('dashboard');
  const title = t('extractorsPanel.perResource');
  return (
    <ScrollTable title={title}>
      <table className="table table-compact" data-testid="resource-totals">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('extractorsPanel.resource')}</th>
            <th scope="col" className="num">
              {t('extractorsPanel.producingOf')}
            </th>
            <th scope="col" className="num">
              {t('extractorsPanel.rate')}
            </th>
            <th scope="col" className="num">
              {t('extractorsPanel.max')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.totals.map((r) => (
            <tr key={r.resource ?? ''}>
              <th scope="row">{r.resource ?? t('extractorsPanel.noResource')}</th>
              <td className="num">
                {t('extractorsPanel.countOf', { producing: num(r.producing, 0), total: num(r.extractors, 0) })}
              </td>
              <td className="num">{rate(r.fluid, r.current)}</td>
              <td className="num">{rate(r.fluid, r.max)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function Rows(props: { extractors: Extractor[] }) {
  const { t } = useTranslation('dashboard');
  const title = t('extractorsPanel.list');
  return (
    <ScrollTable title={title} className="table-scroll">
      <table className="table" data-testid="extractor-table">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('extractorsPanel.extractor')}</th>
            <th scope="col">{t('extractorsPanel.resource')}</th>
            <th scope="col">{t('extractorsPanel.purity')}</th>
            <th scope="col">{t('extractorsPanel.state')}</th>
            <th scope="col" className="num">
              {t('extractorsPanel.productivity')}
            </th>
            <th scope="col" className="num">
              {t('extractorsPanel.clock')}
            </th>
            <th scope="col" className="num">
              {t('extractorsPanel.rate')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.extractors.map((e) => {
            const state = extractorState(e);
            const fluid = isFluidExtractor(e);
            return (
              <tr key={e.extractorId} data-testid="extractor-row" data-id={e.extractorId}>
                <th scope="row">{e.name}</th>
                <td>{e.resourceName ?? '—'}</td>
                <td>
                  {e.purity === 'Impure' || e.purity === 'Normal' || e.purity === 'Pure'
                    ? t(`extractorsPanel.purities.${e.purity}`)
                    : (e.purity ?? '—')}
                </td>
                <td>
                  <span className={`pill ${PILL[state]}`}>{t(`extractorsPanel.states.${state}`)}</span>
                </td>
                <td className="num">{percent(e.productivity)}</td>
                <td className="num">{percent(e.clockPercent, 1)}</td>
                <td className="num">
                  {rate(fluid, e.currentProd)}
                  <div className="muted small">{t('extractorsPanel.ofMax', { max: rate(fluid, e.maxProd) })}</div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Miners, oil and water extractors and fracking: totals per resource, state counts, and each with its clock. */
function ExtractorsPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  const [resource, setResource] = useState('');
  return (
    <AddonPanel
      ctx={props.ctx}
      kind="extractors"
      id="extractors"
      title={t('extractorsPanel.title')}
      className="panel-wide"
    >
      {(extractors) => {
        if (extractors.length === 0) return <p className="muted">{t('extractorsPanel.empty')}</p>;
        const counts = Object.fromEntries(STATES.map((s) => [s, 0])) as Record<ExtractorState, number>;
        for (const e of extractors) counts[extractorState(e)]++;
        const totals = resourceTotals(extractors);
        const shown = extractors
          .filter((e) => !resource || (e.resourceName ?? NONE) === resource)
          .sort((a, b) => (a.resourceName ?? '').localeCompare(b.resourceName ?? '') || a.name.localeCompare(b.name));
        return (
          <>
            <dl className="tiles tiles-compact" data-testid="extractor-states">
              {STATES.map((s) => (
                <div className="tile" key={s}>
                  <dt>{t(`extractorsPanel.states.${s}`)}</dt>
                  <dd className="tile-text">{num(counts[s], 0)}</dd>
                </div>
              ))}
            </dl>
            <Totals totals={totals} />
            <div className="toolbar">
              <label className="inline-field">
                <span>{t('extractorsPanel.filter')}</span>
                <select value={resource} onChange={(e) => setResource(e.target.value)}>
                  <option value="">{t('extractorsPanel.allResources')}</option>
                  {totals.map((r) => (
                    <option key={r.resource ?? NONE} value={r.resource ?? NONE}>
                      {r.resource ?? t('extractorsPanel.noResource')}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <Rows extractors={shown} />
          </>
        );
      }}
    </AddonPanel>
  );
}

export const ExtractorsPanel = livePanel(ExtractorsPanelView, { kinds: ['extractors'] });

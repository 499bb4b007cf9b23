import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Panel } from '../../../components/Panel';
import { ApiFailure } from '../../../lib/api';
import { num } from '../../../lib/format';
import { AddonNeeded, type PanelContext } from '../common';
import { buildingsQuery } from './buildings';
import { FactoryTable } from './FactoryTable';
import { FactoryFilters, ViewSwitch, type FactoryMode } from './FactoryToolbar';
import { facetsOf, filterBuildings, NO_FILTERS, sortBuildings, type Building, type Filters, type Sort } from './model';
import './factory.css';
import { livePanel } from '../live-panel';

/**
 * The factory, machine by machine: sortable, filterable by type, state and recipe, with a view of the stalled
 * machines (output full or input starved). The rows are read again whenever the socket reports a new factory poll.
 */
function FactoryViewView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  const { live, src, intervals } = props.ctx;
  const unavailable = live.addonStatus === 'unavailable';
  const pollTime = live.kinds.factory?.time ?? null;
  const query = useQuery({ ...buildingsQuery(src, pollTime), enabled: !unavailable });
  const error = query.error instanceof ApiFailure ? query.error : null;
  const addonMissing = unavailable || error?.code === 'AddonUnavailable';

  let body;
  if (addonMissing) body = <AddonNeeded reason={live.addonReason ?? error?.message ?? null} />;
  else if (query.data && query.data.rows.length > 0) body = <Machines rows={query.data.rows} />;
  else if (query.data) body = <p className="muted">{t('factory.empty')}</p>;
  else if (error?.code === 'NoDataYet' || (query.isPending && !query.error))
    body = (
      <p className="muted" role="status">
        {query.isPending ? t('factoryTable.loading') : t('panel.waiting')}
      </p>
    );
  else
    body = (
      <ErrorNotice error={query.error} title={t('factoryTable.loadFailed')} onRetry={() => void query.refetch()} />
    );

  return (
    <Panel
      id="machines"
      title={t('factoryTable.title')}
      className="panel-wide"
      time={addonMissing ? undefined : (query.data?.time ?? null)}
      interval={addonMissing ? undefined : intervals.factory}
    >
      {body}
    </Panel>
  );
}

/** The toolbar and the table over the rows of one poll; filters and sort order survive new polls. */
export function Machines(props: { rows: readonly Building[] }) {
  const { t } = useTranslation('dashboard');
  const [mode, setMode] = useState<FactoryMode>('all');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<Sort>({ column: 'type', desc: false });
  const facets = useMemo(() => facetsOf(props.rows), [props.rows]);
  const filtered = useMemo(
    () => filterBuildings(props.rows, mode === 'stalled' ? { ...filters, state: 'stalled' } : filters),
    [props.rows, mode, filters],
  );
  const rows = useMemo(() => sortBuildings(filtered, sort), [filtered, sort]);

  const switchMode = (next: FactoryMode) => {
    setMode(next);
    // The stalled view opens on the worst first: output full, then input starved.
    if (next === 'stalled') setSort({ column: 'state', desc: false });
  };

  return (
    <>
      <div className="toolbar factory-toolbar">
        <ViewSwitch mode={mode} stalled={facets.states.stalled} onMode={switchMode} />
        <FactoryFilters facets={facets} filters={filters} mode={mode} onChange={setFilters} />
      </div>
      <p className="muted small factory-count" aria-live="polite" data-testid="factory-count">
        {t('factoryTable.count', { shown: num(rows.length, 0), total: num(props.rows.length, 0) })}
        {mode === 'stalled' &&
          ` · ${t('factoryTable.stallSummary', {
            full: num(facets.stalls.output_full ?? 0, 0),
            starved: num(facets.stalls.input_starved ?? 0, 0),
          })}`}
      </p>
      {rows.length === 0 ? (
        <p className="muted" data-testid="factory-none">
          {mode === 'stalled' && facets.states.stalled === 0
            ? t('factoryTable.noneStalled')
            : t('factoryTable.noMatch')}
        </p>
      ) : (
        <FactoryTable rows={rows} sort={sort} onSort={setSort} />
      )}
      <p className="muted small">{t('factoryTable.keys')}</p>
    </>
  );
}

export const FactoryView = livePanel(FactoryViewView, { kinds: ['factory'] });

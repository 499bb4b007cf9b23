import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { ErrorNote, Loadable, Table, Time } from '../../components/ui';
import { useNow } from '../../lib/hooks';
import { incidentDuration, LoadMore, SeverityPill } from './common';
import { IncidentView, IncidentStatePill } from './IncidentView';
import type { Incident, IncidentFilters, ServerRef } from './model';
import { failureOf, INCIDENT_PAGE, incidentHistoryQuery, openIncidentsQuery, serversQuery } from './queries';
import type { TabProps } from './tab-props';

const RANGES = [
  { id: '24h', hours: 24 },
  { id: '7d', hours: 24 * 7 },
  { id: '30d', hours: 24 * 30 },
  { id: 'all', hours: null },
  { id: 'custom', hours: null },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
/** A datetime-local value ("2026-05-01T14:30", local time) as an ISO instant; '' stays ''. */
const localToIso = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : '');

/** Open incidents first (read again every 15 s), then the history with filters and "load more". */
export function IncidentsTab({ writer }: TabProps) {
  const { t } = useTranslation('alerts');
  const servers = useQuery(serversQuery);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <OpenIncidents onOpen={setSelected} />
      <History servers={servers.data ?? []} onOpen={setSelected} />
      <Dialog open={selected !== null} title={t('incidents.dialogTitle')} onClose={() => setSelected(null)} wide>
        {selected && <IncidentView id={selected} writer={writer} />}
      </Dialog>
    </>
  );
}

function OpenIncidents({ onOpen }: { onOpen: (id: string) => void }) {
  const { t } = useTranslation('alerts');
  const open = useQuery(openIncidentsQuery);
  const now = useNow();
  return (
    <section aria-labelledby="open-incidents-heading" data-testid="open-incidents">
      <div className="alerts-head">
        <h3 id="open-incidents-heading">{t('incidents.openHeading')}</h3>
        <button type="button" className="btn btn-small" onClick={() => void open.refetch()} aria-busy={open.isFetching}>
          {open.isFetching && open.data ? t('incidents.refreshing') : t('incidents.refresh')}
        </button>
      </div>
      <Loadable state={open} what={t('incidents.openWhat')}>
        {({ items }) =>
          items.length === 0 ? (
            <p className="notice notice-ok" data-testid="no-open-incidents">
              {t('incidents.noneOpen')}
            </p>
          ) : (
            <ul className="alerts-incidents">
              {items.map((i) => (
                <li
                  key={i.id}
                  className={`alerts-incident alerts-sev-${i.severity}`}
                  data-testid="incident-row"
                  data-section="open"
                  data-incident-id={i.id}
                  data-server-name={i.server_name}
                  data-rule-kind={i.rule_kind}
                  data-state={i.state}
                >
                  <div className="alerts-incident-head">
                    <SeverityPill severity={i.severity} />
                    <button type="button" className="alerts-linkish" onClick={() => onOpen(i.id)}>
                      {i.title}
                    </button>
                    {!i.fired_at && <span className="pill">{t('incidents.pendingPill')}</span>}
                    {i.silenced && (
                      <span className="pill" data-testid="incident-silenced" title={t('incidents.silencedTitle')}>
                        {t('incidents.silenced')}
                      </span>
                    )}
                    {i.acknowledged_at && (
                      <span className="pill" data-testid="incident-acknowledged-pill">
                        {t('ack.pill')}
                      </span>
                    )}
                  </div>
                  <p className="alerts-incident-summary">{i.summary}</p>
                  <p className="muted small">
                    <Link to="/servers/$id" params={{ id: i.server_id }}>
                      {i.server_name}
                    </Link>
                    {i.instance && <> · {i.instance}</>} · {t('incidents.since')}{' '}
                    <Time iso={i.fired_at ?? i.started_at} /> ({incidentDuration(i.fired_at ?? i.started_at, null, now)}
                    )
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </Loadable>
    </section>
  );
}

function History({ servers, onOpen }: { servers: ServerRef[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('alerts');
  const [serverId, setServerId] = useState('');
  const [state, setState] = useState<'' | 'open' | 'resolved'>('');
  const [range, setRange] = useState<RangeId>('7d');
  // Computed when the range is chosen, so the query's key does not change with every render.
  const [from, setFrom] = useState(() => hoursAgo(24 * 7));
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');

  const filters: IncidentFilters = { limit: INCIDENT_PAGE };
  if (serverId) filters.server_id = serverId;
  if (state) filters.state = state;
  if (range === 'custom') {
    if (localToIso(customFrom)) filters.from = localToIso(customFrom);
    if (localToIso(customTo)) filters.to = localToIso(customTo);
  } else if (range !== 'all') filters.from = from;
  const history = useInfiniteQuery(incidentHistoryQuery(filters));
  const items = history.data?.pages.flatMap((p) => p.items);

  const chooseRange = (id: RangeId) => {
    setRange(id);
    const hours = RANGES.find((r) => r.id === id)?.hours;
    if (hours) setFrom(hoursAgo(hours));
  };

  // form-without-validation: filter (its selects filter the history as they change; nothing to validate)
  return (
    <section aria-labelledby="history-heading">
      <h3 id="history-heading">{t('incidents.historyHeading')}</h3>
      <form
        className="settings-fields alerts-filters"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('filters.label')}
      >
        <label className="settings-field">
          {t('filters.server')}
          <select value={serverId} onChange={(e) => setServerId(e.target.value)} data-testid="incident-filter-server">
            <option value="">{t('filters.allServers')}</option>
            {servers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="settings-field">
          {t('filters.state')}
          <select value={state} onChange={(e) => setState(e.target.value as typeof state)}>
            <option value="">{t('filters.anyState')}</option>
            <option value="open">{t('incidentState.open')}</option>
            <option value="resolved">{t('incidentState.resolved')}</option>
          </select>
        </label>
        <label className="settings-field">
          {t('filters.time')}
          <select value={range} onChange={(e) => chooseRange(e.target.value as RangeId)}>
            {RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {t(`filters.range.${r.id}`)}
              </option>
            ))}
          </select>
        </label>
        {range === 'custom' && (
          <>
            <label className="settings-field">
              {t('filters.from')}
              <input type="datetime-local" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} />
            </label>
            <label className="settings-field">
              {t('filters.to')}
              <input type="datetime-local" value={customTo} onChange={(e) => setCustomTo(e.target.value)} />
            </label>
          </>
        )}
      </form>
      {items === undefined ? (
        history.error ? (
          <ErrorNote error={failureOf(history.error)} retry={() => void history.refetch()} />
        ) : (
          <p className="muted small" role="status">
            {t('incidents.loadingHistory')}
          </p>
        )
      ) : items.length === 0 ? (
        <p data-testid="no-incidents">{t('incidents.noneMatch')}</p>
      ) : (
        <HistoryTable items={items} onOpen={onOpen} />
      )}
      <LoadMore query={history} />
    </section>
  );
}

function HistoryTable({ items, onOpen }: { items: Incident[]; onOpen: (id: string) => void }) {
  const { t } = useTranslation('alerts');
  const now = useNow();
  const head = [
    t('incidents.col.severity'),
    t('incidents.col.incident'),
    t('incidents.col.server'),
    t('incidents.col.state'),
    t('incidents.col.started'),
    t('incidents.col.duration'),
    '',
  ];
  return (
    <Table label={t('incidents.historyLabel')} head={head}>
      {items.map((i) => (
        <tr
          key={i.id}
          data-testid="incident-row"
          data-section="history"
          data-incident-id={i.id}
          data-server-name={i.server_name}
          data-rule-kind={i.rule_kind}
          data-state={i.state}
        >
          <td data-label={head[0]}>
            <SeverityPill severity={i.severity} />
          </td>
          <td data-label={head[1]} className="settings-details">
            <strong>{i.title}</strong>
            <div className="muted small">{i.summary}</div>
          </td>
          <td data-label={head[2]}>
            <Link to="/servers/$id" params={{ id: i.server_id }}>
              {i.server_name}
            </Link>
            {i.instance && <div className="muted small">{i.instance}</div>}
          </td>
          <td data-label={head[3]}>
            <IncidentStatePill incident={i} />
          </td>
          <td data-label={head[4]}>
            <Time iso={i.started_at} />
          </td>
          <td data-label={head[5]} className="settings-nowrap">
            {i.state === 'open'
              ? t('incidents.soFar', { span: incidentDuration(i.started_at, i.duration_seconds, now) })
              : incidentDuration(i.started_at, i.duration_seconds, now)}
          </td>
          <td data-label="">
            <button type="button" className="btn btn-small" onClick={() => onOpen(i.id)}>
              {t('incidents.details')}
              <span className="sr-only"> {t('incidents.detailsOf', { title: i.title })}</span>
            </button>
          </td>
        </tr>
      ))}
    </Table>
  );
}

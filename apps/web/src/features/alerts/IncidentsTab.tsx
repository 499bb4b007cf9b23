// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { useNow } from '../../lib/hooks';
import { Link } from '../../lib/router';
import { ErrorNote, Loadable, Table, Time } from '../../components/ui';
import { useApi } from '../../lib/useApi';
import type { TabProps } from './tab-props';
import { incidentDuration, SeverityPill, LoadMore, useEvery, usePaged } from './common';
import { DeliveryTable } from './DeliveriesTab';
import type { Incident, IncidentDetails, Page, ServerRef } from './model';

const HISTORY_PAGE = 25;
const RANGES = [
  { id: '24h', label: 'Last 24 hours', hours: 24 },
  { id: '7d', label: 'Last 7 days', hours: 24 * 7 },
  { id: '30d', label: 'Last 30 days', hours: 24 * 30 },
  { id: 'all', label: 'Any time', hours: null },
  { id: 'custom', label: 'Between…', hours: null },
] as const;
type RangeId = (typeof RANGES)[number]['id'];

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
/** A datetime-local value ("2026-05-01T14:30", local time) as an ISO instant; '' stays ''. */
const localToIso = (v: string) => (v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : '');

/** Open incidents first (refreshed every 15 s), then the history with filters and "load more". */
export function IncidentsTab(_props: TabProps) {
  const servers = useApi<ServerRef[]>('/api/v1/servers');
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <OpenIncidents onOpen={setSelected} />
      <History servers={servers.data ?? []} onOpen={setSelected} />
      <Dialog open={selected !== null} title="Incident" onClose={() => setSelected(null)} wide>
        {selected && <IncidentView id={selected} />}
      </Dialog>
    </>
  );
}

function OpenIncidents({ onOpen }: { onOpen: (id: string) => void }) {
  const open = useApi<Page<Incident>>('/api/v1/alerts/incidents?state=open&limit=200');
  useEvery(15_000, open.reload);
  const now = useNow();
  return (
    <section aria-labelledby="open-incidents-heading" data-testid="open-incidents">
      <div className="alerts-head">
        <h3 id="open-incidents-heading">Open now</h3>
        <button type="button" className="btn btn-small" onClick={open.reload} aria-busy={open.loading}>
          {open.loading && open.data ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <Loadable state={open} what="open incidents">
        {({ items }) =>
          items.length === 0 ? (
            <p className="notice notice-ok" data-testid="no-open-incidents">
              No open incidents: every rule is quiet.
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
                    {!i.fired_at && <span className="pill">pending, not notified yet</span>}
                    {i.silenced && (
                      <span className="pill" data-testid="incident-silenced" title="Notifications are muted">
                        silenced
                      </span>
                    )}
                  </div>
                  <p className="alerts-incident-summary">{i.summary}</p>
                  <p className="muted small">
                    <Link to={`/servers/${i.server_id}`}>{i.server_name}</Link>
                    {i.instance && <> · {i.instance}</>} · since <Time iso={i.fired_at ?? i.started_at} /> (
                    {incidentDuration(i.fired_at ?? i.started_at, null, now)})
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
  const [serverId, setServerId] = useState('');
  const [state, setState] = useState<'' | 'open' | 'resolved'>('');
  const [range, setRange] = useState<RangeId>('7d');
  // Computed when the range is chosen, so the request does not change with every render.
  const [from, setFrom] = useState(() => hoursAgo(24 * 7));
  const [customFrom, setCustomFrom] = useState('');
  const [customTo, setCustomTo] = useState('');

  const q = new URLSearchParams({ limit: String(HISTORY_PAGE) });
  if (serverId) q.set('server_id', serverId);
  if (state) q.set('state', state);
  if (range === 'custom') {
    if (localToIso(customFrom)) q.set('from', localToIso(customFrom));
    if (localToIso(customTo)) q.set('to', localToIso(customTo));
  } else if (range !== 'all') q.set('from', from);
  const page = usePaged<Incident>(`/api/v1/alerts/incidents?${q.toString()}`);

  const chooseRange = (id: RangeId) => {
    setRange(id);
    const hours = RANGES.find((r) => r.id === id)?.hours;
    if (hours) setFrom(hoursAgo(hours));
  };

  return (
    <section aria-labelledby="history-heading">
      <h3 id="history-heading">History</h3>
      <form className="settings-fields alerts-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter">
        <label className="settings-field">
          Server
          <select value={serverId} onChange={(e) => setServerId(e.target.value)} data-testid="incident-filter-server">
            <option value="">All servers</option>
            {servers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="settings-field">
          State
          <select value={state} onChange={(e) => setState(e.target.value as typeof state)}>
            <option value="">Open and resolved</option>
            <option value="open">Open</option>
            <option value="resolved">Resolved</option>
          </select>
        </label>
        <label className="settings-field">
          Time
          <select value={range} onChange={(e) => chooseRange(e.target.value as RangeId)}>
            {RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        {range === 'custom' && (
          <>
            <label className="settings-field">
              From
              <input type="datetime-local" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} />
            </label>
            <label className="settings-field">
              To
              <input type="datetime-local" value={customTo} onChange={(e) => setCustomTo(e.target.value)} />
            </label>
          </>
        )}
      </form>
      {page.items === undefined ? (
        page.error ? (
          <ErrorNote error={page.error} retry={page.reload} />
        ) : (
          <p className="muted small" role="status">
            Loading the incident history…
          </p>
        )
      ) : page.items.length === 0 ? (
        <p data-testid="no-incidents">No incidents match these filters.</p>
      ) : (
        <HistoryTable items={page.items} onOpen={onOpen} />
      )}
      {page.items !== undefined && page.error && <ErrorNote error={page.error} retry={page.loadMore} />}
      <LoadMore page={page} />
    </section>
  );
}

function HistoryTable({ items, onOpen }: { items: Incident[]; onOpen: (id: string) => void }) {
  const now = useNow();
  return (
    <Table label="Incident history" head={['Severity', 'Incident', 'Server', 'State', 'Started', 'Duration', '']}>
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
          <td data-label="Severity">
            <SeverityPill severity={i.severity} />
          </td>
          <td data-label="Incident" className="settings-details">
            <strong>{i.title}</strong>
            <div className="muted small">{i.summary}</div>
          </td>
          <td data-label="Server">
            <Link to={`/servers/${i.server_id}`}>{i.server_name}</Link>
            {i.instance && <div className="muted small">{i.instance}</div>}
          </td>
          <td data-label="State">
            <span className={`pill ${i.state === 'open' ? 'pill-bad' : 'pill-ok'}`}>{i.state}</span>
            {i.silenced && <span className="pill">silenced</span>}
          </td>
          <td data-label="Started">
            <Time iso={i.started_at} />
          </td>
          <td data-label="Duration" className="settings-nowrap">
            {incidentDuration(i.started_at, i.duration_seconds, now)}
            {i.state === 'open' && ' so far'}
          </td>
          <td data-label="">
            <button type="button" className="btn btn-small" onClick={() => onOpen(i.id)}>
              Details<span className="sr-only"> of “{i.title}”</span>
            </button>
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** One incident with the notifications sent about it. */
function IncidentView({ id }: { id: string }) {
  const incident = useApi<IncidentDetails>(`/api/v1/alerts/incidents/${id}`);
  const now = useNow();
  return (
    <div data-testid="incident-details">
      <Loadable state={incident} what="the incident">
        {(i) => (
          <>
            <p className="alerts-incident-head">
              <SeverityPill severity={i.severity} /> <strong>{i.title}</strong>{' '}
              <span className={`pill ${i.state === 'open' ? 'pill-bad' : 'pill-ok'}`}>{i.state}</span>
              {i.silenced && <span className="pill">silenced</span>}
            </p>
            <p>{i.summary}</p>
            <dl className="alerts-dl">
              <div>
                <dt>Server</dt>
                <dd>
                  <Link to={`/servers/${i.server_id}`}>{i.server_name}</Link>
                  {i.instance && ` · ${i.instance}`}
                </dd>
              </div>
              <div>
                <dt>Rule</dt>
                <dd>
                  {i.rule_id ? <Link to={`/servers/${i.server_id}/alerts`}>{i.rule_name}</Link> : i.rule_name} (
                  {i.rule_kind})
                </dd>
              </div>
              <div>
                <dt>Started</dt>
                <dd>
                  <Time iso={i.started_at} />
                </dd>
              </div>
              <div>
                <dt>Notified</dt>
                <dd>
                  <Time iso={i.fired_at} none="not yet (pending period)" />
                </dd>
              </div>
              <div>
                <dt>Resolved</dt>
                <dd>
                  <Time iso={i.resolved_at} none="still open" />
                </dd>
              </div>
              <div>
                <dt>Duration</dt>
                <dd>{incidentDuration(i.started_at, i.duration_seconds, now)}</dd>
              </div>
              {i.peak && (
                <div>
                  <dt>Worst value</dt>
                  <dd>
                    {i.peak.value} ({i.peak.label}) at <Time iso={i.peak.at} />
                  </dd>
                </div>
              )}
            </dl>
            <h3>Notifications</h3>
            {i.deliveries.length === 0 ? (
              <p className="muted">
                {i.silenced
                  ? 'None: the incident was silenced.'
                  : 'None sent: no channel was set up (or enabled) for this rule when it fired.'}
              </p>
            ) : (
              <DeliveryTable items={i.deliveries} label="Notifications of this incident" showSummary={false} />
            )}
          </>
        )}
      </Loadable>
    </div>
  );
}

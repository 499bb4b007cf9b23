// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { Fragment, useState } from 'react';
import { ErrorNote, Table, Time } from '../../components/ui';
import { useApi } from '../../lib/useApi';
import type { TabProps } from './tab-props';
import { ChannelKindLabel, DeliveryStatusPill, deliveryLabel, eventLabel, LoadMore, usePaged } from './common';
import { DELIVERY_STATUSES, type Attempt, type Channel, type Delivery } from './model';

const PAGE = 50;

/** The delivery log: every notification, newest first, filtered by status and channel, paged with "load more". */
export function DeliveriesTab(_props: TabProps) {
  const channels = useApi<Channel[]>('/api/v1/notification-channels');
  const [status, setStatus] = useState('');
  const [channelId, setChannelId] = useState('');
  const q = new URLSearchParams({ limit: String(PAGE) });
  if (status) q.set('status', status);
  if (channelId) q.set('channel_id', channelId);
  const page = usePaged<Delivery>(`/api/v1/alerts/deliveries?${q.toString()}`);

  return (
    <>
      <p>
        Every notification the platform sent or tried to send, newest first. Failed sends are retried with growing
        pauses; after the last attempt a delivery “gives up”. Expand a row for each attempt and the receiver’s answer.
      </p>
      <form className="settings-fields alerts-filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter">
        <label className="settings-field">
          Status
          <select value={status} onChange={(e) => setStatus(e.target.value)} data-testid="delivery-filter-status">
            <option value="">Any status</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {deliveryLabel(s)}
              </option>
            ))}
          </select>
        </label>
        <label className="settings-field">
          Channel
          <select
            value={channelId}
            onChange={(e) => setChannelId(e.target.value)}
            data-testid="delivery-filter-channel"
          >
            <option value="">All channels</option>
            {(channels.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-small" onClick={page.reload} aria-busy={page.loading}>
          Refresh
        </button>
      </form>
      {channels.error && <ErrorNote error={channels.error} retry={channels.reload} />}
      {page.items === undefined ? (
        page.error ? (
          <ErrorNote error={page.error} retry={page.reload} />
        ) : (
          <p className="muted small" role="status">
            Loading the delivery log…
          </p>
        )
      ) : page.items.length === 0 ? (
        <p data-testid="no-deliveries">
          {status || channelId ? 'No deliveries match these filters.' : 'Nothing was sent yet.'}
        </p>
      ) : (
        <DeliveryTable items={page.items} label="Delivery log" />
      )}
      {page.items !== undefined && page.error && <ErrorNote error={page.error} retry={page.loadMore} />}
      <LoadMore page={page} />
    </>
  );
}

const HEAD = ['Time', 'Status', 'Channel', 'Event', 'Attempts', 'Response', 'Last error', 'Next attempt', ''];

/** Deliveries as a table; each row expands to its attempt log. */
export function DeliveryTable(p: { items: Delivery[]; label: string; showSummary?: boolean }) {
  const { items, label } = p;
  const showSummary = p.showSummary ?? true;
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Table label={label} head={HEAD}>
      {items.map((d) => {
        const expanded = open.has(d.id);
        return (
          <Fragment key={d.id}>
            <tr
              data-testid="delivery-row"
              data-delivery-id={d.id}
              data-status={d.status}
              data-channel-id={d.channel_id}
            >
              <td data-label="Time" className="settings-nowrap">
                <Time iso={d.created_at} />
              </td>
              <td data-label="Status">
                <DeliveryStatusPill status={d.status} />
              </td>
              <td data-label="Channel">
                <ChannelKindLabel kind={d.channel_kind} />
                <div className="small">{d.channel_name}</div>
              </td>
              <td data-label="Event" className="settings-details alerts-event">
                {eventLabel(d.event)}
                {showSummary && <div className="muted small">{d.summary}</div>}
              </td>
              <td data-label="Attempts">{d.attempts}</td>
              <td data-label="Response">{d.response_status ?? '—'}</td>
              <td data-label="Last error" className="settings-details alerts-error">
                {d.error ? <span className="bad-text">{d.error}</span> : '—'}
              </td>
              <td data-label="Next attempt">
                <Time iso={d.next_attempt_at} />
              </td>
              <td data-label="">
                <button
                  type="button"
                  className="btn btn-small"
                  aria-expanded={expanded}
                  aria-controls={`attempts-${d.id}`}
                  onClick={() => toggle(d.id)}
                >
                  {expanded ? 'Hide attempts' : 'Attempts'}
                  <span className="sr-only">
                    {' '}
                    of the {eventLabel(d.event)} notice to {d.channel_name}
                  </span>
                </button>
              </td>
            </tr>
            {expanded && (
              <tr id={`attempts-${d.id}`} className="alerts-attempts-row">
                <td colSpan={HEAD.length} data-label="">
                  <AttemptLog attempts={d.attempt_log} />
                </td>
              </tr>
            )}
          </Fragment>
        );
      })}
    </Table>
  );
}

function AttemptLog({ attempts }: { attempts: Attempt[] }) {
  if (attempts.length === 0)
    return (
      <p className="muted small" data-testid="delivery-attempts">
        No attempt yet.
      </p>
    );
  return (
    <ul className="alerts-attempts" data-testid="delivery-attempts">
      {attempts.map((a) => (
        <li key={a.attempt}>
          <strong>Attempt {a.attempt}</strong> · <Time iso={a.at} /> ·{' '}
          {a.status_code !== null ? `answered ${a.status_code}` : 'no answer'} in {a.duration_ms} ms
          {a.retry_after_ms !== null && ` · asked to wait ${Math.ceil(a.retry_after_ms / 1000)} s`}
          {a.error && <div className="bad-text small">{a.error}</div>}
        </li>
      ))}
    </ul>
  );
}

import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Table, Time } from '../../components/ui';
import { num } from '../../lib/format';
import { ChannelKindLabel, DeliveryStatusPill, eventLabel } from './common';
import type { Attempt, Delivery } from './model';

/** Deliveries as a table; each row expands to its attempt log. */
export function DeliveryTable(p: { items: Delivery[]; label: string; showSummary?: boolean }) {
  const { t } = useTranslation('alerts');
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
  const head = [
    t('deliveries.col.time'),
    t('deliveries.col.status'),
    t('deliveries.col.channel'),
    t('deliveries.col.event'),
    t('deliveries.col.attempts'),
    t('deliveries.col.response'),
    t('deliveries.col.lastError'),
    t('deliveries.col.nextAttempt'),
    '',
  ];
  return (
    <Table label={label} head={head}>
      {items.map((d) => {
        const expanded = open.has(d.id);
        const event = eventLabel(t, d.event);
        return (
          <Fragment key={d.id}>
            <tr
              data-testid="delivery-row"
              data-delivery-id={d.id}
              data-status={d.status}
              data-channel-id={d.channel_id}
            >
              <td data-label={head[0]} className="settings-nowrap">
                <Time iso={d.created_at} />
              </td>
              <td data-label={head[1]}>
                <DeliveryStatusPill status={d.status} />
              </td>
              <td data-label={head[2]}>
                <ChannelKindLabel kind={d.channel_kind} />
                <div className="small">{d.channel_name}</div>
              </td>
              <td data-label={head[3]} className="settings-details alerts-event">
                {event}
                {showSummary && <div className="muted small">{d.summary}</div>}
              </td>
              <td data-label={head[4]}>{num(d.attempts, 0)}</td>
              <td data-label={head[5]}>{d.response_status ?? '—'}</td>
              <td data-label={head[6]} className="settings-details alerts-error">
                {d.error ? <span className="bad-text">{d.error}</span> : '—'}
              </td>
              <td data-label={head[7]}>
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
                  {expanded ? t('deliveries.hideAttempts') : t('deliveries.showAttempts')}
                  <span className="sr-only"> {t('deliveries.attemptsOf', { event, channel: d.channel_name })}</span>
                </button>
              </td>
            </tr>
            {expanded && (
              <tr id={`attempts-${d.id}`} className="alerts-attempts-row">
                <td colSpan={head.length} data-label="">
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
  const { t } = useTranslation('alerts');
  if (attempts.length === 0)
    return (
      <p className="muted small" data-testid="delivery-attempts">
        {t('deliveries.noAttempt')}
      </p>
    );
  return (
    <ul className="alerts-attempts" data-testid="delivery-attempts">
      {attempts.map((a) => (
        <li key={a.attempt}>
          <strong>{t('deliveries.attempt', { number: a.attempt })}</strong> · <Time iso={a.at} /> ·{' '}
          {a.status_code !== null
            ? t('deliveries.answered', { status: a.status_code, ms: num(a.duration_ms, 0) })
            : t('deliveries.noAnswer', { ms: num(a.duration_ms, 0) })}
          {a.retry_after_ms !== null &&
            ` · ${t('deliveries.askedToWait', { seconds: num(Math.ceil(a.retry_after_ms / 1000), 0) })}`}
          {a.error && <div className="bad-text small">{a.error}</div>}
        </li>
      ))}
    </ul>
  );
}

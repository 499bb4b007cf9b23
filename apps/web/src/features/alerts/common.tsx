import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { formatDuration, formatSpan } from '../../lib/format';
import type { ChannelKind, RuleState } from './model';
import { failureOf } from './queries';

/** Severity as a coloured pill (critical red, warning amber, info blue). */
export function SeverityPill({ severity }: { severity: string }) {
  const { t } = useTranslation('alerts');
  const cls = severity === 'critical' ? 'pill-bad' : severity === 'warning' ? 'pill-warn' : 'pill-info';
  return (
    <span className={`pill ${cls}`} data-severity={severity}>
      {t(`severity.${severity}`, { defaultValue: severity })}
    </span>
  );
}

const STATE_CLASS: Record<RuleState, string> = {
  ok: 'status-online',
  pending: 'status-degraded',
  firing: 'status-offline',
};

/** A rule's state: ok (green), pending (amber: the condition holds, waiting out the pending period), firing (red). */
export function RuleStateBadge({ state }: { state: RuleState }) {
  const { t } = useTranslation('alerts');
  return (
    <span className={`badge ${STATE_CLASS[state] ?? ''}`} data-testid="rule-state" data-state={state}>
      <span className="dot" aria-hidden="true" />
      {t(`ruleState.${state}`, { defaultValue: state })}
    </span>
  );
}

const DELIVERY_CLASS: Record<string, string> = {
  pending: 'pill-info',
  sent: 'pill-ok',
  failed: 'pill-warn',
  dead: 'pill-bad',
  skipped: '',
};
export const deliveryLabel = (t: TFunction, status: string): string =>
  t(`alerts:deliveryStatus.${status}`, { defaultValue: status });

export function DeliveryStatusPill({ status }: { status: string }) {
  const { t } = useTranslation('alerts');
  return (
    <span className={`pill ${DELIVERY_CLASS[status] ?? ''}`} data-testid="delivery-status" data-status={status}>
      {deliveryLabel(t, status)}
    </span>
  );
}

/** The event a notification was about (the delivery log's "Event" column): fired, resolved, reminder n, test. */
export function eventLabel(t: TFunction, event: string): string {
  const repeat = /^repeat-(\d+)$/.exec(event);
  if (repeat) return t('alerts:event.reminderNumber', { number: repeat[1] });
  if (event.startsWith('acknowledged')) return t('alerts:ack.event');
  const known: Record<string, string> = { firing: 'fired', reminder: 'repeat' };
  return t(`alerts:event.${known[event] ?? event}`, { defaultValue: event });
}

/** What the kind icon shows, and the plan that brings each kind of channel. */
const KIND_MARK: Record<ChannelKind, string> = {
  discord: 'D',
  slack: 'S',
  teams: 'T',
  webhook: '{}',
  email: '@',
  telegram: '✈',
};
export const KIND_PLAN: Record<ChannelKind, 'Hobby' | 'Pro'> = {
  discord: 'Hobby',
  slack: 'Pro',
  teams: 'Pro',
  webhook: 'Pro',
  email: 'Pro',
  telegram: 'Pro',
};
/** What a kind's setting looks like (shown with its help); Telegram's help explains its two fields instead. */
export const KIND_EXAMPLE: Partial<Record<ChannelKind, string>> = {
  discord: 'https://discord.com/api/webhooks/123456789012345678/abc…',
  slack: 'https://hooks.slack.com/services/T000/B000/XXXX',
  teams: 'https://prod-00.westeurope.logic.azure.com/workflows/…',
  webhook: 'https://example.com/hooks/gsm',
  email: 'ops@example.com, me@example.com',
};

export const kindLabel = (t: TFunction, kind: string): string =>
  t(`alerts:kinds.${kind}.label`, { defaultValue: kind });

/** The kind of a channel as an icon and a label. */
export function ChannelKindLabel({ kind }: { kind: string }) {
  const { t } = useTranslation('alerts');
  return (
    <span className="alerts-kind" data-kind={kind}>
      <span className={`alerts-kind-mark alerts-kind-${kind}`} aria-hidden="true">
        {KIND_MARK[kind as ChannelKind] ?? '?'}
      </span>
      {kindLabel(t, kind)}
    </span>
  );
}

/** An on/off switch (a checkbox with role="switch"); for viewers, just the words. */
export function Switch(p: {
  checked: boolean;
  label: string;
  onChange?: (next: boolean) => void;
  busy?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('alerts');
  const word = p.checked ? t('switch.on') : t('switch.off');
  if (!p.onChange)
    return (
      <span className={p.checked ? 'ok-text' : 'muted'} data-testid={p.testId} data-checked={p.checked}>
        {word}
      </span>
    );
  const onChange = p.onChange;
  return (
    <label className="alerts-switch">
      <input
        type="checkbox"
        role="switch"
        checked={p.checked}
        aria-label={p.label}
        aria-busy={p.busy || undefined}
        data-testid={p.testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span aria-hidden="true">{word}</span>
    </label>
  );
}

/** A span in seconds as people read it: "immediately", "45 s", "5 min", "1 min 30 s", "1 h 30 min". */
export function secondsText(t: TFunction, s: number): string {
  if (s <= 0) return t('alerts:time.immediately');
  if (s < 60) return formatSpan(s);
  if (s < 3600 && s % 60 !== 0) return `${formatDuration(s)} ${formatSpan(s % 60)}`;
  return formatDuration(s);
}

/** Duration of an incident: resolved ones as recorded, open ones up to now (seconds below a minute). */
export function incidentDuration(startIso: string, durationSeconds: number | null, now: number): string {
  const s = durationSeconds ?? Math.max(0, Math.floor((now - Date.parse(startIso)) / 1000));
  return s < 60 ? formatSpan(s) : formatDuration(s);
}

type Paged = Pick<
  UseInfiniteQueryResult<{ pages: { items: unknown[] }[] }>,
  'data' | 'error' | 'hasNextPage' | 'isFetchingNextPage' | 'isFetchNextPageError' | 'fetchNextPage'
>;

/** "Load more" under a paged list (a failed next page with its retry), or how many there are when that was all. */
export function LoadMore({ query }: { query: Paged }) {
  const { t } = useTranslation('alerts');
  const count = query.data?.pages.reduce((n, p) => n + p.items.length, 0) ?? 0;
  if (count === 0) return null;
  const more = () => void (query.isFetchingNextPage || query.fetchNextPage());
  return (
    <>
      {query.isFetchNextPageError && <ErrorNote error={failureOf(query.error)} retry={more} />}
      <div className="settings-paging">
        {query.hasNextPage ? (
          <button
            type="button"
            className="btn btn-small"
            data-testid="load-more"
            aria-disabled={query.isFetchingNextPage}
            onClick={more}
          >
            {query.isFetchingNextPage ? t('paging.loading') : t('paging.more')}
          </button>
        ) : (
          <span className="muted small">{t('paging.all', { count })}</span>
        )}
      </div>
    </>
  );
}

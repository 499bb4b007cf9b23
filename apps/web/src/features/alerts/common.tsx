// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiFailure } from '../../lib/api';
import { formatDuration } from '../../lib/format';
import { toFailure } from '../../lib/useApi';
import type { ChannelKind, Page, RuleState } from './model';

/** Severity as a coloured pill (critical red, warning amber, info blue). */
export function SeverityPill({ severity }: { severity: string }) {
  const cls = severity === 'critical' ? 'pill-bad' : severity === 'warning' ? 'pill-warn' : 'pill-info';
  return (
    <span className={`pill ${cls}`} data-severity={severity}>
      {severity}
    </span>
  );
}

const STATE_LABEL: Record<RuleState, string> = { ok: 'OK', pending: 'Pending', firing: 'Firing' };
const STATE_CLASS: Record<RuleState, string> = {
  ok: 'status-online',
  pending: 'status-degraded',
  firing: 'status-offline',
};

/** A rule's state: ok (green), pending (amber: the condition holds, waiting out the pending period), firing (red). */
export function RuleStateBadge({ state }: { state: RuleState }) {
  return (
    <span className={`badge ${STATE_CLASS[state] ?? ''}`} data-testid="rule-state" data-state={state}>
      <span className="dot" aria-hidden="true" />
      {STATE_LABEL[state] ?? state}
    </span>
  );
}

const DELIVERY_LABEL: Record<string, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed, will retry',
  dead: 'Gave up',
  skipped: 'Skipped',
};
const DELIVERY_CLASS: Record<string, string> = {
  pending: 'pill-info',
  sent: 'pill-ok',
  failed: 'pill-warn',
  dead: 'pill-bad',
  skipped: '',
};
export const deliveryLabel = (status: string) => DELIVERY_LABEL[status] ?? status;

export function DeliveryStatusPill({ status }: { status: string }) {
  return (
    <span className={`pill ${DELIVERY_CLASS[status] ?? ''}`} data-testid="delivery-status" data-status={status}>
      {deliveryLabel(status)}
    </span>
  );
}

/** The events a notification can be about (delivery log's "Event" column). */
const EVENT_LABEL: Record<string, string> = {
  fired: 'Fired',
  firing: 'Fired',
  resolved: 'Resolved',
  repeat: 'Reminder',
  reminder: 'Reminder',
  test: 'Test',
};
export function eventLabel(event: string): string {
  const repeat = /^repeat-(\d+)$/.exec(event);
  if (repeat) return `Reminder ${repeat[1]}`;
  return EVENT_LABEL[event] ?? event;
}

/** A kind of notification channel: its name, mark, what it needs and where to find it. */
export interface ChannelKindInfo {
  kind: ChannelKind;
  label: string;
  /** A short mark for the kind icon. */
  mark: string;
  /** The plan that brings it. */
  plan: 'Hobby' | 'Pro';
  help: string;
  example?: string;
}

export const CHANNEL_KINDS: readonly ChannelKindInfo[] = [
  {
    kind: 'discord',
    label: 'Discord',
    mark: 'D',
    plan: 'Hobby',
    help:
      'In Discord open Server Settings › Integrations › Webhooks, press “New Webhook”, choose the channel the alerts ' +
      'should go to, then “Copy Webhook URL”. You need the “Manage Webhooks” permission on that server.',
    example: 'https://discord.com/api/webhooks/123456789012345678/abc…',
  },
  {
    kind: 'slack',
    label: 'Slack',
    mark: 'S',
    plan: 'Pro',
    help:
      'At api.slack.com/apps create an app (or open yours), switch on “Incoming Webhooks”, press “Add New Webhook to ' +
      'Workspace”, pick the channel and copy the webhook URL.',
    example: 'https://hooks.slack.com/services/T000/B000/XXXX',
  },
  {
    kind: 'teams',
    label: 'Microsoft Teams',
    mark: 'T',
    plan: 'Pro',
    help:
      'In the Teams channel open ⋯ › Workflows and choose “Post to a channel when a webhook request is received”; ' +
      'when the workflow is created, copy the URL it shows.',
    example: 'https://prod-00.westeurope.logic.azure.com/workflows/…',
  },
  {
    kind: 'webhook',
    label: 'Webhook',
    mark: '{}',
    plan: 'Pro',
    help:
      'Any HTTPS endpoint of yours: each alert is POSTed as JSON and signed (x-gsm-signature header) with a secret ' +
      'that is shown once, right after you add the channel.',
    example: 'https://example.com/hooks/gsm',
  },
  {
    kind: 'email',
    label: 'E-mail',
    mark: '@',
    plan: 'Pro',
    help: 'Up to 20 addresses, separated by commas or new lines.',
    example: 'ops@example.com, me@example.com',
  },
  {
    kind: 'telegram',
    label: 'Telegram',
    mark: '✈',
    plan: 'Pro',
    help:
      'Talk to @BotFather and send /newbot: it answers with the bot token. Add the bot to your group or channel, ' +
      'send it a message, then open https://api.telegram.org/bot<token>/getUpdates and read chat.id (groups have ' +
      'negative ids); a public channel can be given as @channelname.',
  },
];

export const kindInfo = (kind: string): ChannelKindInfo | undefined => CHANNEL_KINDS.find((k) => k.kind === kind);

/** The kind of a channel as an icon and a label. */
export function ChannelKindLabel({ kind }: { kind: string }) {
  const info = kindInfo(kind);
  return (
    <span className="alerts-kind" data-kind={kind}>
      <span className={`alerts-kind-mark alerts-kind-${kind}`} aria-hidden="true">
        {info?.mark ?? '?'}
      </span>
      {info?.label ?? kind}
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
  if (!p.onChange)
    return (
      <span className={p.checked ? 'ok-text' : 'muted'} data-testid={p.testId} data-checked={p.checked}>
        {p.checked ? 'On' : 'Off'}
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
      <span aria-hidden="true">{p.checked ? 'On' : 'Off'}</span>
    </label>
  );
}

/** "immediately", "90 s", "5 min", "1 h 30 min". */
export function seconds(s: number): string {
  if (s <= 0) return 'immediately';
  if (s < 60) return `${s} s`;
  if (s % 60 !== 0) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return formatDuration(s);
}

/** Duration of an incident: resolved ones as recorded, open ones up to now. */
export function incidentDuration(startIso: string, durationSeconds: number | null, now: number): string {
  if (durationSeconds !== null) return durationSeconds < 60 ? `${durationSeconds} s` : formatDuration(durationSeconds);
  const s = Math.max(0, Math.floor((now - Date.parse(startIso)) / 1000));
  return s < 60 ? `${s} s` : formatDuration(s);
}

/** Field problems of a 400 ValidationFailed (`details.fields`) or a refused URL (`details.field`), by field path. */
export function fieldErrors(e: ApiFailure | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!e) return out;
  if (Array.isArray(e.details?.fields))
    for (const f of e.details.fields as { field?: string; problem?: string }[])
      if (f.field && f.problem) out[f.field.replace(/^body\./, '')] = f.problem;
  if (typeof e.details?.field === 'string') out[e.details.field] = e.message;
  return out;
}

/** Calls `fn` every `ms` while the page is visible (an open incident list that keeps itself current). */
export function useEvery(ms: number, fn: () => void): void {
  const ref = useRef(fn);
  ref.current = fn;
  useEffect(() => {
    const t = setInterval(() => {
      if (document.visibilityState === 'visible') ref.current();
    }, ms);
    return () => clearInterval(t);
  }, [ms]);
}

export interface Paged<T> {
  /** undefined while the first page loads (or after it failed). */
  items: T[] | undefined;
  error: ApiFailure | null;
  loading: boolean;
  /** There is a next page. */
  more: boolean;
  loadMore: () => void;
  reload: () => void;
}

/**
 * A list the API pages forwards with `next_cursor`: the first page of `path` (which has a query string), then
 * "load more" appends the next. A new path starts again from the first page.
 */
export function usePaged<T>(path: string): Paged<T> {
  const [state, setState] = useState<{
    path: string | null;
    items?: T[];
    next: string | null;
    error: ApiFailure | null;
    busy: boolean;
  }>({ path: null, next: null, error: null, busy: false });
  const [version, setVersion] = useState(0);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setState((s) =>
      s.path === path ? { ...s, busy: true, error: null } : { path, next: null, error: null, busy: true },
    );
    void api<Page<T>>('GET', path).then(
      (p) => mine === seq.current && setState({ path, items: p.items, next: p.next_cursor, error: null, busy: false }),
      (e: unknown) =>
        mine === seq.current &&
        setState((s) => ({
          ...s,
          path,
          items: s.path === path ? s.items : undefined,
          error: toFailure(e),
          busy: false,
        })),
    );
  }, [path, version]);

  const next = state.path === path ? state.next : null;
  const loadMore = useCallback(() => {
    if (!next) return;
    const mine = ++seq.current;
    setState((s) => ({ ...s, busy: true, error: null }));
    void api<Page<T>>('GET', `${path}&cursor=${encodeURIComponent(next)}`).then(
      (p) =>
        mine === seq.current &&
        setState((s) => ({
          path,
          items: [...(s.items ?? []), ...p.items],
          next: p.next_cursor,
          error: null,
          busy: false,
        })),
      (e: unknown) => mine === seq.current && setState((s) => ({ ...s, error: toFailure(e), busy: false })),
    );
  }, [path, next]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const current = state.path === path;
  return {
    items: current ? state.items : undefined,
    error: current ? state.error : null,
    loading: !current || state.busy,
    more: !!next,
    loadMore,
    reload,
  };
}

/** "Load more" under a paged list, or how many there are when that was all. */
export function LoadMore<T>({ page }: { page: Paged<T> }) {
  if (page.items === undefined || page.items.length === 0) return null;
  return (
    <div className="settings-paging">
      {page.more ? (
        <button
          type="button"
          className="btn btn-small"
          data-testid="load-more"
          aria-disabled={page.loading}
          onClick={() => !page.loading && page.loadMore()}
        >
          {page.loading ? 'Loading…' : 'Load more'}
        </button>
      ) : (
        <span className="muted small">That is all ({page.items.length}).</span>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure } from '../../lib/api';
import { Panel } from '../../components/Panel';
import type { Intervals } from '../../lib/account';
import type { DataSource, SeedErrors } from '../../live/seed';
import type { DataOf, KindEntry, ServerLive } from '../../live/store';

/** What every dashboard panel gets. */
export interface PanelContext {
  src: DataSource;
  live: ServerLive;
  intervals: Intervals;
  seedErrors: SeedErrors;
  readOnly: boolean;
}

type AddonKind =
  | 'power'
  | 'players'
  | 'production'
  | 'trains'
  | 'drones'
  | 'factory'
  | 'generators'
  | 'extractors'
  | 'drone_stations'
  | 'inventory'
  | 'resource_sink';

/** "Needs the Ficsit Remote Monitoring add-on", why, and where the fix is. */
export function AddonNeeded(props: { reason: string | null }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="addon-needed" data-testid="addon-needed">
      <p>
        <strong>{t('addon.needed')}</strong>{' '}
        {props.reason ? t('addon.unreachable', { reason: props.reason }) : t('addon.notAnswering')}
      </p>
      <p>
        <a href="#addon-help">{t('addon.howToFix')}</a>
      </p>
    </div>
  );
}

/**
 * A panel of add-on data: explains a missing add-on, waits for the first poll, or renders the newest data with its
 * age (and the stale warning) from the live store.
 */
export function AddonPanel<K extends AddonKind>(props: {
  ctx: PanelContext;
  kind: K;
  id: string;
  title: string;
  className?: string;
  actions?: ReactNode;
  children: (data: DataOf<K>, entry: KindEntry<K>) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { live, intervals, seedErrors } = props.ctx;
  const entry = live.kinds[props.kind] as KindEntry<K> | undefined;
  const unavailable = live.addonStatus === 'unavailable';
  const seedError: ApiFailure | undefined = seedErrors[props.kind];
  return (
    <Panel
      id={props.id}
      title={props.title}
      className={props.className}
      time={unavailable ? undefined : (entry?.time ?? null)}
      interval={unavailable ? undefined : intervals[props.kind]}
      pollError={!unavailable && entry?.error && entry.data ? entry.error.message : null}
      actions={props.actions}
    >
      {unavailable ? (
        <AddonNeeded reason={live.addonReason} />
      ) : entry?.data ? (
        props.children(entry.data, entry)
      ) : live.status === 'offline' ? (
        <p className="muted">{t('panel.offline')}</p>
      ) : entry?.error ? (
        <p className="poll-error">{t('panel.pollFailed', { message: entry.error.message })}</p>
      ) : seedError ? (
        <p className="poll-error">
          {seedError.message}
          {seedError.remedy ? ` ${seedError.remedy}` : ''}
        </p>
      ) : (
        <p className="muted">{live.addonStatus === 'unknown' ? t('panel.waitingAddon') : t('panel.waiting')}</p>
      )}
    </Panel>
  );
}

/**
 * A table that may be wider than a phone: it scrolls sideways, so it is a focusable, named region (keyboard users
 * can scroll it; axe's scrollable-region-focusable).
 */
export function ScrollTable(props: { title: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <div
      className={`table-wrap ${props.className ?? ''}`}
      tabIndex={0}
      role="region"
      aria-label={t('panel.scrollable', { title: props.title })}
    >
      {props.children}
    </div>
  );
}

/** A horizontal bar of value against a maximum (current vs max production, load vs capacity). */
export function Meter(props: { value: number; max: number; label: string; tone?: 'ok' | 'warn' | 'bad' }) {
  const pct = props.max > 0 ? Math.max(0, Math.min(100, (props.value / props.max) * 100)) : 0;
  return (
    <div
      className={`meter meter-${props.tone ?? 'ok'}`}
      role="meter"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(pct)}
      aria-label={props.label}
    >
      <div className="meter-fill" style={{ width: `${pct}%` }} />
    </div>
  );
}

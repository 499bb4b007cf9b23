import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSpan, timeTooltip } from '../lib/format';
import { useNow } from '../lib/hooks';

/** Whether data of the given time is stale: no new poll for more than three expected intervals. */
export function isStale(time: number | null | undefined, intervalSeconds: number, now: number): boolean {
  return time !== null && time !== undefined && now - time > 3 * intervalSeconds * 1000;
}

/** "updated 4 s ago", plus the stale warning when polling seems to have stopped. */
export function DataAge(props: { time: number | null | undefined; interval: number; label?: string }) {
  const { t } = useTranslation();
  const now = useNow();
  if (props.time === null || props.time === undefined)
    return <span className="age muted">{props.label ?? t('panel.waiting')}</span>;
  const age = Math.max(0, now - props.time) / 1000;
  const stale = isStale(props.time, props.interval, now);
  return (
    <span className={`age${stale ? ' age-stale' : ''}`} {...timeTooltip(props.time)}>
      {t('panel.updated', { span: formatSpan(age) })}
    </span>
  );
}

export function StaleWarning(props: { time: number | null | undefined; interval: number }) {
  const { t } = useTranslation();
  const now = useNow();
  if (!isStale(props.time, props.interval, now)) return null;
  return (
    <p className="stale" role="status" data-testid="stale">
      {t('panel.stale', { span: formatSpan((now - props.time!) / 1000) })}
    </p>
  );
}

export interface PanelProps {
  id: string;
  title: string;
  /** Time of the newest poll behind the panel (ms), null before the first. */
  time?: number | null;
  /** Expected seconds between polls. */
  interval?: number;
  /** The newest poll failed: what happened (the last good data stays shown). */
  pollError?: string | null;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** A dashboard panel: a titled section that always says how old its data is. */
export function Panel(p: PanelProps) {
  const { t } = useTranslation();
  const showAge = p.interval !== undefined;
  return (
    <section className={`panel ${p.className ?? ''}`} aria-labelledby={`${p.id}-title`} id={p.id}>
      <header className="panel-head">
        <h2 id={`${p.id}-title`}>{p.title}</h2>
        <div className="panel-meta">
          {showAge && <DataAge time={p.time} interval={p.interval!} />}
          {p.actions}
        </div>
      </header>
      {showAge && <StaleWarning time={p.time} interval={p.interval!} />}
      {p.pollError && <p className="poll-error">{t('panel.pollFailed', { error: p.pollError })}</p>}
      <div className="panel-body">{p.children}</div>
    </section>
  );
}

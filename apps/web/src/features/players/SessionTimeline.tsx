import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { clock, formatDuration } from '../../lib/format';
import type { PlayerSession } from './api';
import { lanesOf } from './names';
import { playerLabel } from './names';

/**
 * Who played when: one lane per player over from..to, each session a bar (an open one reaches the right edge). The
 * bars are drawn for the eye; each lane says its sessions and playtime in words, and the sessions table below holds
 * every detail.
 */
export function SessionTimeline(props: {
  serverId: string;
  sessions: readonly PlayerSession[];
  from: number;
  to: number;
}) {
  const { t } = useTranslation('players');
  const lanes = lanesOf(props.sessions, props.from, props.to, (s) => playerLabel(t, s));
  const span = Math.max(1, props.to - props.from);
  const pct = (v: number) => `${(((v - props.from) / span) * 100).toFixed(3)}%`;
  if (lanes.length === 0) return <p className="muted">{t('timelineEmpty')}</p>;
  return (
    <div className="pl-timeline" data-testid="session-timeline">
      <ul className="pl-lanes">
        {lanes.map((lane) => (
          <li key={lane.playerId} className="pl-lane" data-testid="timeline-lane">
            <span className="pl-lane-name">
              <Link
                to="/servers/$id/players/$playerId"
                params={{ id: props.serverId, playerId: lane.playerId }}
                className={lane.anonymous ? 'muted' : undefined}
              >
                {lane.label}
              </Link>
              <span className="sr-only">
                {' '}
                {t('laneSummary', { count: lane.spans.length, duration: formatDuration(lane.seconds) })}
              </span>
            </span>
            <span className="pl-track" aria-hidden="true">
              {lane.spans.map((s) => (
                <span
                  key={s.from}
                  className={s.open ? 'pl-bar pl-bar-open' : 'pl-bar'}
                  style={{ left: pct(s.from), width: `max(2px, ${(((s.to - s.from) / span) * 100).toFixed(3)}%)` }}
                  title={`${lane.label}: ${clock(s.from)} – ${s.open ? t('online') : clock(s.to)}`}
                />
              ))}
            </span>
          </li>
        ))}
      </ul>
      <div className="pl-axis muted small" aria-hidden="true">
        <span>{clock(props.from)}</span>
        <span>{clock(props.from + span / 2)}</span>
        <span>{clock(props.to)}</span>
      </div>
    </div>
  );
}

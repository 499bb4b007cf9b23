// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { Panel } from '../../components/Panel';
import { fixed, formatDuration } from '../../lib/format';
import type { PanelContext } from './common';

/** Tick rate, players, tier, phase and the session: the data available without the add-on. */
export function HealthPanel(props: { ctx: PanelContext }) {
  const { live, intervals } = props.ctx;
  const entry = live.kinds.health;
  const h = entry?.data ?? null;
  const down = live.status === 'offline';
  const current = h && !down ? h : null;
  const tick = current?.tickRate ?? null;
  const tickTone = tick === null ? '' : tick < 15 ? 'bad-text' : tick < 25 ? 'warn-text' : 'ok-text';
  const session =
    current?.isRunning === null || current?.isRunning === undefined
      ? '—'
      : !current.isRunning
        ? 'No session'
        : current.isPaused
          ? 'Paused'
          : 'Running';

  return (
    <Panel
      id="health"
      title="Server health"
      time={entry?.time ?? null}
      interval={intervals.health}
      pollError={entry?.error && h && !down ? entry.error.message : null}
      className="panel-health"
    >
      {down && (
        <p className="poll-error">
          The server cannot be reached{live.statusReason ? `: ${live.statusReason}` : ''}. Values below are unavailable
          until it answers again.
        </p>
      )}
      {!h && !entry?.error && <p className="muted">Waiting for the first poll…</p>}
      {!h && entry?.error && !down && <p className="poll-error">The newest poll failed: {entry.error.message}.</p>}
      <dl className="tiles">
        <div className="tile">
          <dt>Tick rate</dt>
          <dd>
            <span className={`big ${tickTone}`} data-testid="tick-rate">
              {fixed(tick)}
            </span>
            <span className="unit">ticks/s</span>
          </dd>
        </div>
        <div className="tile">
          <dt>Players</dt>
          <dd>
            <span className="big" data-testid="player-count">
              {current?.playerCount ?? '—'}
            </span>
            {current?.playerLimit ? <span className="unit">of {current.playerLimit}</span> : null}
          </dd>
        </div>
        <div className="tile">
          <dt>Tech tier</dt>
          <dd>
            <span className="big">{h?.techTier ?? '—'}</span>
          </dd>
        </div>
        <div className="tile">
          <dt>Game phase</dt>
          <dd className="tile-text">{h?.gamePhaseName ?? (h?.gamePhase ? 'Not started' : '—')}</dd>
        </div>
        <div className="tile">
          <dt>Session</dt>
          <dd className="tile-text">
            <span className={session === 'Paused' ? 'warn-text' : session === 'Running' ? 'ok-text' : undefined}>
              {session}
            </span>
            {h?.sessionName && <span className="muted small block">{h.sessionName}</span>}
          </dd>
        </div>
        <div className="tile">
          <dt>Play time</dt>
          <dd className="tile-text">{formatDuration(h?.totalDuration)}</dd>
        </div>
        <div className="tile">
          <dt>Response time</dt>
          <dd className="tile-text">{current ? `${Math.round(current.latencyMs)} ms` : '—'}</dd>
        </div>
      </dl>
    </Panel>
  );
}

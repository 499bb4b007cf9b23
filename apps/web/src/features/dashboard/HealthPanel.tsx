import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { fixed, formatDuration, num } from '../../lib/format';
import type { PanelContext } from './common';
import { livePanel } from './live-panel';

/** Tick rate, players, tier, phase and the session: the data available without the add-on. */
function HealthPanelView(props: { ctx: PanelContext }) {
  const { t } = useTranslation('dashboard');
  const { live, intervals } = props.ctx;
  const entry = live.kinds.health;
  const h = entry?.data ?? null;
  const down = live.status === 'offline';
  const current = h && !down ? h : null;
  const tick = current?.tickRate ?? null;
  const tickTone = tick === null ? '' : tick < 15 ? 'bad-text' : tick < 25 ? 'warn-text' : 'ok-text';
  const session =
    current?.isRunning === null || current?.isRunning === undefined
      ? null
      : !current.isRunning
        ? 'noSession'
        : current.isPaused
          ? 'paused'
          : 'running';

  return (
    <Panel
      id="health"
      title={t('health.title')}
      time={entry?.time ?? null}
      interval={intervals.health}
      pollError={entry?.error && h && !down ? entry.error.message : null}
      className="panel-health"
    >
      {down && (
        <p className="poll-error">
          {live.statusReason ? t('health.downWithReason', { reason: live.statusReason }) : t('health.down')}
        </p>
      )}
      {!h && !entry?.error && <p className="muted">{t('panel.waiting')}</p>}
      {!h && entry?.error && !down && (
        <p className="poll-error">{t('panel.pollFailed', { message: entry.error.message })}</p>
      )}
      <dl className="tiles">
        <div className="tile">
          <dt>{t('health.tickRate')}</dt>
          <dd>
            <span className={`big ${tickTone}`} data-testid="tick-rate">
              {fixed(tick)}
            </span>
            <span className="unit">{t('health.ticksPerSecond')}</span>
          </dd>
        </div>
        <div className="tile">
          <dt>{t('health.players')}</dt>
          <dd>
            <span className="big" data-testid="player-count">
              {num(current?.playerCount, 0)}
            </span>
            {current?.playerLimit ? (
              <span className="unit">{t('health.ofLimit', { limit: num(current.playerLimit, 0) })}</span>
            ) : null}
          </dd>
        </div>
        <div className="tile">
          <dt>{t('health.techTier')}</dt>
          <dd>
            <span className="big">{num(h?.techTier, 0)}</span>
          </dd>
        </div>
        <div className="tile">
          <dt>{t('health.gamePhase')}</dt>
          <dd className="tile-text">{h?.gamePhaseName ?? (h?.gamePhase ? t('health.notStarted') : '—')}</dd>
        </div>
        <div className="tile">
          <dt>{t('health.session')}</dt>
          <dd className="tile-text">
            <span className={session === 'paused' ? 'warn-text' : session === 'running' ? 'ok-text' : undefined}>
              {session ? t(`health.${session}`) : '—'}
            </span>
            {h?.sessionName && <span className="muted small block">{h.sessionName}</span>}
          </dd>
        </div>
        <div className="tile">
          <dt>{t('health.playTime')}</dt>
          <dd className="tile-text">{formatDuration(h?.totalDuration)}</dd>
        </div>
        <div className="tile">
          <dt>{t('health.responseTime')}</dt>
          <dd className="tile-text">{current ? t('units.ms', { value: num(current.latencyMs, 0) }) : '—'}</dd>
        </div>
      </dl>
    </Panel>
  );
}

export const HealthPanel = livePanel(HealthPanelView, { kinds: ['health'], fields: ['statusReason'] });

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isStale } from '../../components/Panel';
import { DEFAULT_INTERVALS } from '../../lib/account';
import { fixed, formatSpan, mw, num } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { useConnection, useServerLive, useShareLive } from '../../live/hooks';
import { SHARED_KEY } from '../../live/realtime';
import { seedLatest } from '../../live/seed';
import { InvalidShare, shareSource, useShare } from '../share';
import './overlay.css';

/** What the overlay reads over REST (players online come with health's count). */
const OVERLAY_SEEDS = ['health', 'power'] as const;

/**
 * `/overlay/:token`: for streaming software (OBS browser source). Transparent background, large type, no chrome:
 * the save and its in-game day, players online, power, the generators (how many run, when the first runs out of
 * fuel), the sink and the tick rate, live over the share token's socket. It reads the share feature's public part
 * only (no dashboard panels), so its chunk stays small; texts are the `share` namespace's.
 */
export function Overlay(props: { token: string }) {
  const { t } = useTranslation('share');
  const client = useShareLive(props.token);
  const conn = useConnection(client);
  const share = useShare(props.token);
  const live = useServerLive(SHARED_KEY);
  const now = useNow();

  useEffect(() => {
    document.documentElement.classList.add('overlay-mode');
    return () => document.documentElement.classList.remove('overlay-mode');
  }, []);
  const addonMissing = share.data ? share.data.server.addon_status === 'unavailable' : null;
  useEffect(() => {
    // Only what it shows over REST (the rest, generators, session and sink, come with the socket's snapshot).
    if (addonMissing !== null) void seedLatest(shareSource(props.token), !addonMissing, OVERLAY_SEEDS);
  }, [props.token, addonMissing]);

  if (share.error) return <InvalidShare error={share.error} />;

  const name = share.data?.server.name;
  const health = live.kinds.health;
  const h = live.status === 'offline' ? null : (health?.data ?? null);
  const power = live.addonStatus === 'unavailable' ? null : (live.kinds.power?.data ?? null);
  const prod = power?.reduce((s, c) => s + c.powerProduction, 0) ?? null;
  const cons = power?.reduce((s, c) => s + c.powerConsumed, 0) ?? null;
  const stale = isStale(health?.time, DEFAULT_INTERVALS.health, now);
  // The AWESOME Sink's points per minute, once the add-on has reported it (from the socket's snapshot and polls).
  const sink = live.addonStatus === 'unavailable' ? null : (live.kinds.resource_sink?.data ?? null);
  const addon = live.addonStatus !== 'unavailable';
  // The loaded save and its in-game day (getSessionInfo), under the server's name.
  const session = addon ? (live.kinds.session?.data ?? null) : null;
  // Generators: how many deliver power now, and the soonest to run out of fuel (only those that can: solid fuel).
  const generators = addon ? (live.kinds.generators?.data ?? null) : null;
  const running = generators?.filter((g) => g.production > 0).length ?? 0;
  const soonest = generators?.reduce<number | null>(
    (min, g) =>
      g.burnTimeLeftSeconds === null
        ? min
        : min === null
          ? g.burnTimeLeftSeconds
          : Math.min(min, g.burnTimeLeftSeconds),
    null,
  );

  return (
    <main id="main" className="overlay" aria-label={name ? t('overlay.labelOf', { name }) : t('overlay.label')}>
      {name && <div className="ov-name">{name}</div>}
      {session?.sessionName && (
        <div className="ov-sub" data-testid="overlay-session">
          {session.passedDays === null
            ? session.sessionName
            : t('overlay.sessionDay', { name: session.sessionName, day: num(session.passedDays, 0) })}
        </div>
      )}
      <div className="ov-grid">
        <div className="ov-item">
          <div className="ov-label">{t('overlay.players')}</div>
          <div className="ov-value" data-testid="overlay-players">
            {num(h?.playerCount, 0)}
          </div>
        </div>
        <div className="ov-item">
          <div className="ov-label">{t('overlay.power')}</div>
          <div className="ov-value ov-power" data-testid="overlay-power">
            {prod === null ? '—' : t('overlay.powerValue', { consumed: mw(cons), produced: mw(prod) })}
          </div>
          <div className="ov-sub">{prod === null ? '' : t('overlay.powerSub')}</div>
        </div>
        {generators && generators.length > 0 && (
          <div className="ov-item">
            <div className="ov-label">{t('overlay.generators')}</div>
            <div className="ov-value" data-testid="overlay-generators">
              {t('overlay.generatorsValue', { running: num(running, 0), total: num(generators.length, 0) })}
            </div>
            <div className="ov-sub">
              {soonest === null || soonest === undefined
                ? t('overlay.generatorsRunning')
                : t('overlay.generatorsSub', { span: formatSpan(soonest) })}
            </div>
          </div>
        )}
        {sink && (
          <div className="ov-item">
            <div className="ov-label">{t('overlay.sink')}</div>
            <div className="ov-value" data-testid="overlay-sink">
              {t('overlay.sinkValue', { points: num(sink.pointsPerMinute, 0) })}
            </div>
            <div className="ov-sub">{t('overlay.sinkSub', { coupons: num(sink.coupons, 0) })}</div>
          </div>
        )}
        <div className="ov-item">
          <div className="ov-label">{t('overlay.tickRate')}</div>
          <div className="ov-value" data-testid="overlay-tick-rate">
            {fixed(h?.tickRate)}
          </div>
        </div>
      </div>
      {live.status === 'offline' && <div className="ov-note">{t('overlay.offline')}</div>}
      {(conn.state === 'reconnecting' || conn.state === 'offline') && (
        <div className="ov-note" data-testid="connection-banner">
          {t('overlay.reconnecting')}
        </div>
      )}
      {conn.state === 'connected' && stale && <div className="ov-note">{t('overlay.stale')}</div>}
      {(conn.state === 'ended' || conn.state === 'refused') && (
        <div className="ov-note">{conn.notice ?? conn.message ?? t('overlay.ended')}</div>
      )}
    </main>
  );
}

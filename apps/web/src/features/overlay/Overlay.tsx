import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isStale } from '../../components/Panel';
import { DEFAULT_INTERVALS } from '../../lib/account';
import { fixed, mw, num } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { useConnection, useServerLive, useShareLive } from '../../live/hooks';
import { SHARED_KEY } from '../../live/realtime';
import { seedLatest } from '../../live/seed';
import { InvalidShare, shareSource, useShare } from '../share';
import './overlay.css';

/**
 * `/overlay/:token`: for streaming software (OBS browser source). Transparent background, large type, no chrome:
 * players online, power, tick rate, live over the share token's socket. It reads the share feature's public part
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
    if (addonMissing !== null) void seedLatest(shareSource(props.token), !addonMissing);
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

  return (
    <main id="main" className="overlay" aria-label={name ? t('overlay.labelOf', { name }) : t('overlay.label')}>
      {name && <div className="ov-name">{name}</div>}
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

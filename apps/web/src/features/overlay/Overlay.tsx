// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect } from 'react';
import { DEFAULT_INTERVALS } from '../../lib/account';
import { fixed, mw } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { useConnection, useServerLive, useShareLive } from '../../live/hooks';
import { SHARED_KEY } from '../../live/realtime';
import { seedLatest } from '../../live/seed';
import { isStale } from '../../components/Panel';
import { InvalidShare, shareSource, useShare } from '../share';

/**
 * `/overlay/:token`: for streaming software (OBS browser source). Transparent background, large type, no chrome:
 * players online, power, tick rate, live over the share token's socket.
 */
export function Overlay(props: { token: string }) {
  const client = useShareLive(props.token);
  const conn = useConnection(client);
  const { info, error } = useShare(props.token);
  const live = useServerLive(SHARED_KEY);
  const now = useNow();

  useEffect(() => {
    document.documentElement.classList.add('overlay-mode');
    return () => document.documentElement.classList.remove('overlay-mode');
  }, []);
  const addonMissing = info ? info.server.addon_status === 'unavailable' : null;
  useEffect(() => {
    if (addonMissing !== null) void seedLatest(shareSource(props.token), !addonMissing);
  }, [props.token, addonMissing]);

  if (error !== null) return <InvalidShare error={error} />;

  const health = live.kinds.health;
  const h = live.status === 'offline' ? null : (health?.data ?? null);
  const power = live.addonStatus === 'unavailable' ? null : (live.kinds.power?.data ?? null);
  const prod = power?.reduce((s, c) => s + c.powerProduction, 0) ?? null;
  const cons = power?.reduce((s, c) => s + c.powerConsumed, 0) ?? null;
  const stale = isStale(health?.time, DEFAULT_INTERVALS.health, now);

  return (
    <main id="main" className="overlay" aria-label={info ? `${info.server.name} live overlay` : 'Live overlay'}>
      {info && <div className="ov-name">{info.server.name}</div>}
      <div className="ov-grid">
        <div className="ov-item">
          <div className="ov-label">Players online</div>
          <div className="ov-value" data-testid="overlay-players">
            {h?.playerCount ?? '—'}
          </div>
        </div>
        <div className="ov-item">
          <div className="ov-label">Power</div>
          <div className="ov-value ov-power" data-testid="overlay-power">
            {prod === null ? '—' : `${mw(cons)} / ${mw(prod)}`}
          </div>
          <div className="ov-sub">{prod === null ? '' : 'consumption / production'}</div>
        </div>
        <div className="ov-item">
          <div className="ov-label">Tick rate</div>
          <div className="ov-value" data-testid="overlay-tick-rate">
            {fixed(h?.tickRate)}
          </div>
        </div>
      </div>
      {live.status === 'offline' && <div className="ov-note">Server offline</div>}
      {(conn.state === 'reconnecting' || conn.state === 'offline') && (
        <div className="ov-note" data-testid="connection-banner">
          Reconnecting…
        </div>
      )}
      {conn.state === 'connected' && stale && <div className="ov-note">Stale — no new data</div>}
      {(conn.state === 'ended' || conn.state === 'refused') && (
        <div className="ov-note">{conn.notice ?? conn.message ?? 'This link no longer works.'}</div>
      )}
    </main>
  );
}

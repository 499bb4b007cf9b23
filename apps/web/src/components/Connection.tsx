// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import type { ConnInfo, LiveClient } from '../live/realtime';
import { useConnection } from '../live/hooks';

const INDICATOR: Record<ConnInfo['state'], { text: string; cls: string }> = {
  connecting: { text: 'Connecting…', cls: 'conn-wait' },
  connected: { text: 'Live', cls: 'conn-ok' },
  reconnecting: { text: 'Reconnecting…', cls: 'conn-warn' },
  offline: { text: 'Offline', cls: 'conn-bad' },
  refused: { text: 'Live updates unavailable', cls: 'conn-bad' },
  ended: { text: 'Disconnected', cls: 'conn-bad' },
};

/** The small "Live / Reconnecting…" indicator in the header. */
export function ConnectionIndicator(props: { client: LiveClient | null }) {
  const c = useConnection(props.client);
  const i = INDICATOR[c.state];
  return (
    <span className={`conn ${i.cls}`} title={c.message ?? undefined}>
      <span className="dot" aria-hidden="true" />
      <span className="conn-text">{i.text}</span>
    </span>
  );
}

/**
 * The banner while the socket is down ("Reconnecting…", with the attempt), distinct from a panel's stale-data
 * warning. Absent while connected.
 */
export function ConnectionBanner(props: { client: LiveClient | null; shared?: boolean }) {
  const c = useConnection(props.client);
  return (
    <div aria-live="polite" className="banner-slot">
      {(c.state === 'reconnecting' || c.state === 'offline') && (
        <div className="banner banner-warn" data-testid="connection-banner" role="status">
          <span className="spinner" aria-hidden="true" />
          {c.state === 'offline' ? (
            <span>
              You are offline. Reconnecting… as soon as the network is back; the data shown may be out of date.
            </span>
          ) : (
            <span>
              Reconnecting…{c.attempt > 0 ? ` (attempt ${c.attempt})` : ''} Live updates are paused; the data shown may
              be out of date and will catch up automatically.
            </span>
          )}
        </div>
      )}
      {c.state === 'refused' && !c.notice && (
        <div className="banner banner-bad" role="alert">
          {props.shared
            ? 'This share link is no longer valid (it may have been revoked or have expired), so live updates stopped.'
            : `Live updates were refused${c.message ? ` (${c.message})` : ''}. Retrying shortly.`}
        </div>
      )}
      {c.notice && (
        <div className="banner banner-bad" role="alert" data-testid="session-ended">
          <span>
            {props.shared ? 'This shared view was closed: ' : 'Disconnected by the platform: '}
            {c.notice}
          </span>
          {!props.shared && (
            <button type="button" className="btn btn-small" onClick={() => props.client?.dismissNotice()}>
              Dismiss
            </button>
          )}
        </div>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { ConnInfo, LiveClient } from '../live/realtime';
import { useConnection } from '../live/hooks';

/** The indicator's look per state; the words are `connection.<state>` in the common namespace. */
const INDICATOR: Record<ConnInfo['state'], string> = {
  connecting: 'conn-wait',
  connected: 'conn-ok',
  reconnecting: 'conn-warn',
  offline: 'conn-bad',
  refused: 'conn-bad',
  ended: 'conn-bad',
};

/** The small "Live / Reconnecting…" indicator in the header. */
export function ConnectionIndicator(props: { client: LiveClient | null }) {
  const { t } = useTranslation();
  const c = useConnection(props.client);
  return (
    <span className={`conn ${INDICATOR[c.state]}`} title={c.message ?? undefined}>
      <span className="dot" aria-hidden="true" />
      <span className="conn-text">{t(`connection.${c.state}`)}</span>
    </span>
  );
}

/**
 * The banner while the socket is down ("Reconnecting…", with the attempt), distinct from a panel's stale-data
 * warning. Absent while connected, and while the browser is offline: the app-wide offline banner
 * (components/OfflineBanner.tsx) says that once.
 */
export function ConnectionBanner(props: { client: LiveClient | null; shared?: boolean }) {
  const { t } = useTranslation();
  const c = useConnection(props.client);
  return (
    <div aria-live="polite" className="banner-slot">
      {c.state === 'reconnecting' && (
        <div className="banner banner-warn" data-testid="connection-banner" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>
            {c.attempt > 0
              ? t('connection.reconnectingAttempt', { attempt: c.attempt })
              : t('connection.reconnectingBanner')}
          </span>
        </div>
      )}
      {c.state === 'refused' && !c.notice && (
        <div className="banner banner-bad" role="alert">
          {props.shared
            ? t('connection.shareInvalid')
            : c.message
              ? t('connection.refusedBecause', { reason: c.message })
              : t('connection.refusedBanner')}
        </div>
      )}
      {c.notice && (
        <div className="banner banner-bad" role="alert" data-testid="session-ended">
          <span>
            {props.shared
              ? t('connection.shareClosed', { reason: c.notice })
              : t('connection.sessionEnded', { reason: c.notice })}
          </span>
          {!props.shared && (
            <button type="button" className="btn btn-small" onClick={() => props.client?.dismissNotice()}>
              {t('connection.dismiss')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useMemo, useState } from 'react';
import { api, ApiFailure } from '../../lib/api';
import { ConnectionBanner, ConnectionIndicator } from '../../components/Connection';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ErrorNotice } from '../../components/ErrorNotice';
import { DEFAULT_INTERVALS } from '../../lib/account';
import { ThemeToggle } from '../../app/Layout';
import { LiveContext, useShareLive } from '../../live/hooks';
import { SHARED_KEY } from '../../live/realtime';
import type { DataSource } from '../../live/seed';
import { liveStore } from '../../live/store';
import { Dashboard } from '../dashboard';

/** GET /api/v1/public/:token */
export interface PublicServer {
  server: { name: string; status: string; addon_status: string; last_seen_at: string | null };
  kind: string;
  expires_at: string | null;
}

export function shareSource(token: string): DataSource {
  return { key: SHARED_KEY, base: `/api/v1/public/${encodeURIComponent(token)}`, auth: false };
}

/** Loads the shared server's name and status; 404 = invalid, revoked or expired link. */
export function useShare(token: string) {
  const [info, setInfo] = useState<PublicServer | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let cancelled = false;
    api<PublicServer>('GET', `/api/v1/public/${encodeURIComponent(token)}`, undefined, { auth: false })
      .then((p) => {
        if (cancelled) return;
        setInfo(p);
        liveStore.seedServer(SHARED_KEY, p.server);
      })
      .catch((e: unknown) => !cancelled && setError(e));
    return () => {
      cancelled = true;
    };
  }, [token]);
  return { info, error };
}

export function InvalidShare(props: { error: unknown }) {
  const gone = props.error instanceof ApiFailure && (props.error.status === 404 || props.error.status === 401);
  return (
    <main id="main" className="page page-narrow">
      {gone ? (
        <div className="empty">
          <h1>This link does not work</h1>
          <p>
            The share link is invalid, has expired or was revoked by the server&apos;s owner. Ask them for a new link.
          </p>
        </div>
      ) : (
        <ErrorNotice error={props.error} title="The shared dashboard could not be loaded" />
      )}
    </main>
  );
}

/** `/share/:token`: the read-only dashboard of one server, live over the share token's socket. */
export function SharePage(props: { token: string }) {
  const live = useShareLive(props.token);
  const { info, error } = useShare(props.token);
  const src = useMemo(() => shareSource(props.token), [props.token]);

  useEffect(() => {
    if (info) document.title = `${info.server.name} · shared · Ficsit Monitor`;
  }, [info]);

  return (
    <LiveContext.Provider value={live}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          Ficsit Monitor
        </span>
        <div className="topbar-tools">
          <ConnectionIndicator client={live} />
          <ThemeToggle />
        </div>
      </header>
      <ConnectionBanner client={live} shared />
      {error !== null ? (
        <InvalidShare error={error} />
      ) : !info ? (
        <main id="main" className="page">
          <p className="muted">Loading the shared dashboard…</p>
        </main>
      ) : (
        <main id="main" className="page page-wide" tabIndex={-1}>
          <ErrorBoundary>
            <Dashboard
              src={src}
              name={info.server.name}
              readOnly
              intervals={DEFAULT_INTERVALS}
              retentionHours={null}
              planName={null}
              notice={
                <p className="notice notice-info" data-testid="read-only-notice">
                  Read-only shared view
                  {info.expires_at ? ` · link valid until ${new Date(info.expires_at).toLocaleString()}` : ''}. Live
                  data of this server only; nothing can be changed here.
                </p>
              }
            />
          </ErrorBoundary>
        </main>
      )}
    </LiveContext.Provider>
  );
}

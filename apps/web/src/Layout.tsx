import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { api, session } from './api';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ConnectionBanner, ConnectionIndicator } from './components/Connection';
import { useAccount } from './lib/account';
import { flash } from './lib/flash';
import { setTheme, useTheme } from './lib/theme';
import { LiveContext, useSessionLive } from './live/hooks';
import { setAnnouncer } from './live/store';
import { Link, navigate, usePath } from './router';

export async function signOut(): Promise<void> {
  flash.expectSignOut();
  try {
    await api('POST', '/api/v1/auth/logout');
  } catch {
    // Signed out locally either way; the token expires on its own.
  }
  flash.expectSignOut();
  session.clear();
  navigate('/login', { replace: true });
}

export function ThemeToggle() {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      onClick={() => setTheme(next)}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}

function OrgSwitcher() {
  const { me } = useAccount();
  if (!me || me.organisations.length < 2) return null;
  const current = session.orgId() ?? me.organisation_id;
  return (
    <label className="org-switch">
      <span className="sr-only">Organisation</span>
      <select
        value={current}
        onChange={(e) => {
          session.setOrg(e.target.value);
          // A server page of the previous organisation would only say "not found".
          if (location.pathname.startsWith('/servers/')) navigate('/servers');
        }}
        aria-label="Organisation"
      >
        {me.organisations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} · {o.role}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Status changes read out to screen readers (one polite live region for the whole app). */
function Announcer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    setAnnouncer((m) => setMessage(m));
    return () => setAnnouncer(null);
  }, []);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}

/** The signed-in frame: header (product, nav, organisation, connection, theme, sign out) and the page. */
export function Layout(props: { children: ReactNode }) {
  const path = usePath();
  const live = useSessionLive();
  const { me } = useAccount();
  const org = useSyncExternalStore(session.subscribe, session.orgId) ?? '';
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  const section = path.startsWith('/settings') ? 'settings' : path.startsWith('/alerts') ? 'alerts' : 'servers';

  return (
    <LiveContext.Provider value={live}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/servers" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          Ficsit Monitor
        </Link>
        <button
          type="button"
          className="btn btn-ghost menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="topnav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </button>
        <div id="topnav" className={`topnav${menuOpen ? ' open' : ''}`}>
          <nav aria-label="Main">
            <Link to="/servers" aria-current={section === 'servers' ? 'page' : undefined}>
              Servers
            </Link>
            <Link to="/alerts" aria-current={section === 'alerts' ? 'page' : undefined}>
              Alerts
            </Link>
            <Link to="/settings" aria-current={section === 'settings' ? 'page' : undefined}>
              Settings
            </Link>
          </nav>
          <div className="topbar-tools">
            <ConnectionIndicator client={live} />
            <OrgSwitcher />
            <ThemeToggle />
            {me && (
              <span className="who muted small" title={me.email}>
                {me.name}
              </span>
            )}
            <button type="button" className="btn btn-ghost" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <ConnectionBanner client={live} />
      <Announcer />
      <main id="main" tabIndex={-1} key={org}>
        <ErrorBoundary resetKey={path}>{props.children}</ErrorBoundary>
      </main>
    </LiveContext.Provider>
  );
}

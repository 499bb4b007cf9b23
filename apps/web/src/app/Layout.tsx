import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { api, session } from '../lib/api';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ConnectionBanner, ConnectionIndicator } from '../components/Connection';
import { useAccount } from '../lib/account';
import { flash } from '../lib/flash';
import { setTheme, useTheme } from '../lib/theme';
import { LiveContext, useSessionLive } from '../live/hooks';
import { setAnnouncer } from '../live/store';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { navigate } from '../lib/router';
import { EmailBanner } from './EmailBanner';
import { LanguagePicker } from './LanguagePicker';

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
  const { t } = useTranslation();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = t(next === 'light' ? 'nav.themeToLight' : 'nav.themeToDark');
  return (
    <button
      type="button"
      className="btn btn-ghost btn-icon"
      onClick={() => setTheme(next)}
      aria-label={label}
      title={label}
    >
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}

function OrgSwitcher() {
  const { me } = useAccount();
  const { t } = useTranslation();
  const goTo = useNavigate();
  const path = useRouterState({ select: (s) => s.location.pathname });
  if (!me || me.organisations.length < 2) return null;
  const current = session.orgId() ?? me.organisation_id;
  return (
    <label className="org-switch">
      <span className="switch-label">{t('nav.organisation')}</span>
      <select
        value={current}
        onChange={(e) => {
          session.setOrg(e.target.value);
          // A server page of the previous organisation would only say "not found".
          if (path.startsWith('/servers/')) void goTo({ to: '/servers' });
        }}
      >
        {me.organisations.map((o) => (
          <option key={o.id} value={o.id}>
            {t('nav.organisationOption', { name: o.name, role: t(`roles.${o.role}`) })}
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
  const path = useRouterState({ select: (s) => s.location.pathname });
  const { t } = useTranslation();
  const live = useSessionLive();
  const { me } = useAccount();
  const org = useSyncExternalStore(session.subscribe, session.orgId) ?? '';
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [path]);
  const section = path.startsWith('/settings') ? 'settings' : path.startsWith('/alerts') ? 'alerts' : 'servers';

  return (
    <LiveContext.Provider value={live}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <Link to="/servers" className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {t('app.name')}
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="btn btn-ghost menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="topnav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className="menu-icon" aria-hidden="true" />
          {t('nav.menu')}
        </button>
        <div
          id="topnav"
          className={`topnav${menuOpen ? ' open' : ''}`}
          onKeyDown={(e) => {
            // The phone menu closes with Escape, back on its button (the desktop header is never "open").
            if (e.key !== 'Escape' || !menuOpen) return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        >
          <nav aria-label={t('nav.main')}>
            <Link to="/servers" aria-current={section === 'servers' ? 'page' : undefined}>
              {t('nav.servers')}
            </Link>
            <Link to="/alerts" aria-current={section === 'alerts' ? 'page' : undefined}>
              {t('nav.alerts')}
            </Link>
            <Link to="/settings" aria-current={section === 'settings' ? 'page' : undefined}>
              {t('nav.settings')}
            </Link>
          </nav>
          <div className="topbar-tools">
            <ConnectionIndicator client={live} />
            <OrgSwitcher />
            <LanguagePicker />
            <ThemeToggle />
            {me && (
              <span className="who muted small" title={t('nav.signedInAs', { email: me.email })}>
                {me.name}
              </span>
            )}
            <button type="button" className="btn btn-ghost" onClick={() => void signOut()}>
              {t('nav.signOut')}
            </button>
          </div>
        </div>
      </header>
      <ConnectionBanner client={live} />
      <EmailBanner />
      <Announcer />
      <main id="main" tabIndex={-1} key={org}>
        <ErrorBoundary resetKey={path}>{props.children}</ErrorBoundary>
      </main>
    </LiveContext.Provider>
  );
}

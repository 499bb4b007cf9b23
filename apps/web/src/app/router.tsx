import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  redirect,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../components/ErrorNotice';
import { session } from '../lib/api';
import { nextPath, rememberHash } from '../lib/after-sign-in';
import { meQuery, prefetch, serverQuery, serverSource, serversQuery, subscriptionQuery } from '../lib/server-queries';
import { Layout } from './Layout';

/**
 * The route table (TanStack Router, typed params). Public pages (sign-in, sign-up, share, overlay) stand alone;
 * every other page is a child of the signed-in layout, which sends a visitor without a session to the sign-in
 * page. Each feature is its own chunk, loaded when one of its routes is first visited.
 */
const auth = () => import('../features/auth');
const SignIn = lazy(() => auth().then((m) => ({ default: m.SignIn })));
const SignUp = lazy(() => auth().then((m) => ({ default: m.SignUp })));
const ConfirmRecipient = lazy(() => auth().then((m) => ({ default: m.ConfirmRecipient })));
const VerifyEmail = lazy(() => auth().then((m) => ({ default: m.VerifyEmail })));
const ForgotPassword = lazy(() => auth().then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => auth().then((m) => ({ default: m.ResetPassword })));
const CheckEmail = lazy(() => auth().then((m) => ({ default: m.CheckEmail })));
const InvitationPage = lazy(() => auth().then((m) => ({ default: m.InvitationPage })));
const SsoComplete = lazy(() => auth().then((m) => ({ default: m.SsoComplete })));
const servers = () => import('../features/servers');
const Servers = lazy(() => servers().then((m) => ({ default: m.Servers })));
const AddServer = lazy(() => servers().then((m) => ({ default: m.AddServer })));
const dashboard = () => import('../features/dashboard');
const ServerDashboard = lazy(() => dashboard().then((m) => ({ default: m.ServerDashboard })));
const alerts = () => import('../features/alerts');
const Alerts = lazy(() => alerts().then((m) => ({ default: m.Alerts })));
const ServerRules = lazy(() => alerts().then((m) => ({ default: m.ServerRules })));
const players = () => import('../features/players');
const PlayerHistory = lazy(() => players().then((m) => ({ default: m.PlayerHistory })));
const PlayerPage = lazy(() => players().then((m) => ({ default: m.PlayerPage })));
const settings = () => import('../features/settings');
const Settings = lazy(() => settings().then((m) => ({ default: m.Settings })));
const share = () => import('../features/share');
const SharePage = lazy(() => share().then((m) => ({ default: m.SharePage })));
const overlay = () => import('../features/overlay');
const Overlay = lazy(() => overlay().then((m) => ({ default: m.Overlay })));
/**
 * Starts loading a page's code: every route's loader calls it, so the chunk loads beside the route's data (and on
 * a link's hover, the router's intent preload) instead of after the first render; the lazy component then finds it.
 */
const code = (load: () => Promise<unknown>) => void load();

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main id="main" className="page">
      <h1>{t('notFound.title')}</h1>
      <p>
        {t('notFound.text')} <Link to="/servers">{t('notFound.back')}</Link>.
      </p>
    </main>
  );
}

function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <div className="page">
      <ErrorNotice error={error} onRetry={reset} />
    </div>
  );
}

const rootRoute = createRootRoute({
  component: () => (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  ),
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  // `?next=` brings a visitor back to the page that asked for a session (e.g. an invitation link).
  validateSearch: (search: Record<string, unknown>): { next?: string } => {
    const next = nextPath(search.next);
    return next ? { next } : {};
  },
  loader: () => code(auth),
  component: function LoginRoute() {
    return <SignIn next={loginRoute.useSearch().next} />;
  },
});
const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  loader: () => code(auth),
  component: () => <SignUp />,
});
// Where a successful single sign-on lands (`#token=<session>&org=<id>`): stores the session, then the servers.
const ssoCompleteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sso/complete',
  loader: () => code(auth),
  component: () => <SsoComplete />,
});
// The link mailed to a new e-mail alert recipient (public: the link's token is the proof).
const confirmRecipientRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-recipient',
  loader: () => code(auth),
  component: () => <ConfirmRecipient />,
});
// Account mails' links (public: the link's token is the proof) and "Forgot password?".
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  loader: () => code(auth),
  component: () => <VerifyEmail />,
});
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
  loader: () => code(auth),
  component: () => <ForgotPassword />,
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  loader: () => code(auth),
  component: () => <ResetPassword />,
});
// The link of an invitation mail: public, the page itself asks to sign in (and comes back) or to sign up first.
const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitations/accept',
  loader: () => code(auth),
  component: () => <InvitationPage />,
});
const shareRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/share/$token',
  loader: () => code(share),
  component: function ShareRoute() {
    return <SharePage token={shareRoute.useParams().token} />;
  },
});
const overlayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/overlay/$token',
  loader: () => code(overlay),
  component: function OverlayRoute() {
    return <Overlay token={overlayRoute.useParams().token} />;
  },
});

/** The signed-in frame: header, live connection, and the page; no session = the sign-in page. */
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: ({ location }) => {
    if (session.token()) return;
    // Back here after signing in. The hash (an invitation's token) stays in this tab's sessionStorage, never in a
    // URL a server could log.
    const back =
      location.pathname === '/' || location.pathname === '/servers'
        ? undefined
        : location.pathname + location.searchStr;
    rememberHash(location.hash);
    throw redirect({ to: '/login', search: back ? { next: back } : {}, replace: true });
  },
  // The account and plan every signed-in page shows, asked while the page's code loads (not after its render).
  loader: () => prefetch(meQuery, subscriptionQuery),
  component: () => (
    <Layout>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </Layout>
  ),
});

const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  loader: () => {
    code(servers);
    prefetch(serversQuery);
  },
  component: () => <Servers />,
});
const serversRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/servers',
  loader: () => {
    code(servers);
    prefetch(serversQuery);
  },
  component: () => <Servers />,
});
const addServerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/servers/new',
  loader: () => code(servers),
  component: () => <AddServer />,
});
const serverRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/servers/$id',
  loader: ({ params }) => {
    code(dashboard);
    prefetch(serverQuery(params.id));
    // The first screen's live values, asked while the dashboard's code loads; its own seed then finds them in the
    // query cache (fresh for 10 s) instead of asking after its first render.
    void import('../live/seed').then((s) => s.seedLatest(serverSource(params.id), true, s.FIRST_SCREEN_KINDS));
  },
  component: function ServerRoute() {
    return <ServerDashboard serverId={serverRoute.useParams().id} />;
  },
});
const serverRulesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/servers/$id/alerts',
  loader: () => code(alerts),
  component: function ServerRulesRoute() {
    return <ServerRules serverId={serverRulesRoute.useParams().id} />;
  },
});
// Player history (issue 24): the server's sessions, timeline and heat map; one player's page.
const playerHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/servers/$id/players',
  loader: () => code(players),
  component: function PlayerHistoryRoute() {
    return <PlayerHistory serverId={playerHistoryRoute.useParams().id} />;
  },
});
const playerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/servers/$id/players/$playerId',
  loader: () => code(players),
  component: function PlayerRoute() {
    const params = playerRoute.useParams();
    return <PlayerPage serverId={params.id} playerId={params.playerId} />;
  },
});
// After sign-up: "check your mail".
const checkEmailRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/check-email',
  loader: () => code(auth),
  component: () => <CheckEmail />,
});
const alertsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/alerts',
  loader: () => code(alerts),
  component: () => <Alerts tab="incidents" />,
});
const alertsTabRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/alerts/$tab',
  loader: () => code(alerts),
  component: function AlertsTabRoute() {
    return <Alerts tab={alertsTabRoute.useParams().tab} />;
  },
});
const settingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings',
  loader: () => code(settings),
  component: () => <Settings tab="tokens" />,
});
const settingsTabRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/settings/$tab',
  // The share-links tab opens on one server's links (`/settings/shares?server=<id>`).
  validateSearch: (search: Record<string, unknown>): { server?: string } =>
    typeof search.server === 'string' ? { server: search.server } : {},
  loader: () => code(settings),
  component: function SettingsTabRoute() {
    return <Settings tab={settingsTabRoute.useParams().tab} />;
  },
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  signupRoute,
  ssoCompleteRoute,
  confirmRecipientRoute,
  verifyEmailRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  invitationRoute,
  shareRoute,
  overlayRoute,
  appRoute.addChildren([
    indexRoute,
    serversRoute,
    addServerRoute,
    serverRoute,
    serverRulesRoute,
    playerHistoryRoute,
    playerRoute,
    checkEmailRoute,
    alertsRoute,
    alertsTabRoute,
    settingsRoute,
    settingsTabRoute,
  ]),
]);

export const router = createRouter({ routeTree, defaultPreload: 'intent', scrollRestoration: true });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Signing out (or a 401 anywhere) leaves the signed-in pages at once.
session.subscribe(() => {
  if (!session.token()) void router.invalidate();
});

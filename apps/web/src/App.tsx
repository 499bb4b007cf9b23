import { useSyncExternalStore } from 'react';
import { session } from './api';
import { Layout } from './Layout';
import { match, navigate, usePath } from './router';
import { SignIn, SignUp } from './pages/Auth';
import { Servers } from './pages/Servers';
import { AddServer } from './pages/AddServer';
import { ServerDashboard } from './pages/ServerDashboard';
import { SharePage } from './pages/SharePage';
import { Overlay } from './pages/Overlay';
import { Settings } from './pages/settings/Settings';
import { Alerts } from './pages/alerts/Alerts';
import { ServerRules } from './pages/alerts/ServerRules';

/** The route table: public pages first, then the signed-in dashboard inside the layout. */
export function App() {
  const path = usePath();
  const token = useSyncExternalStore(session.subscribe, session.token);

  let m: Record<string, string> | null;
  if ((m = match('/share/:token', path))) return <SharePage token={m.token} />;
  if ((m = match('/overlay/:token', path))) return <Overlay token={m.token} />;
  if (path === '/signup') return <SignUp />;
  if (path === '/login' || !token) {
    if (path !== '/login') queueMicrotask(() => navigate('/login', { replace: true }));
    return <SignIn />;
  }

  let page;
  if (path === '/' || path === '/servers') page = <Servers />;
  else if (path === '/servers/new') page = <AddServer />;
  else if ((m = match('/servers/:id/alerts', path))) page = <ServerRules serverId={m.id} />;
  else if ((m = match('/servers/:id', path))) page = <ServerDashboard serverId={m.id} />;
  else if ((m = match('/alerts/:tab', path))) page = <Alerts tab={m.tab} />;
  else if (path === '/alerts') page = <Alerts tab="incidents" />;
  else if ((m = match('/settings/:tab', path))) page = <Settings tab={m.tab} />;
  else if (path === '/settings') page = <Settings tab="tokens" />;
  else page = <NotFound />;
  return <Layout>{page}</Layout>;
}

function NotFound() {
  return (
    <div className="page">
      <h1>Page not found</h1>
      <p>
        This address leads nowhere. <a href="/">Back to your servers</a>.
      </p>
    </div>
  );
}

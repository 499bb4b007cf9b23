/** The dashboard feature's public surface: a server's page, and the panels the share page shows. */
export { ServerDashboard } from './ServerDashboard';
export { Dashboard } from './Dashboard';

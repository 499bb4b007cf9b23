/** The servers feature's public surface: the servers list, the add-server wizard, and what the dashboard reuses. */
export { Servers } from './Servers';
export { AddServer } from './AddServer';
export { serverSource, serversQuery, type ServerView } from './api';
export { portError, portText, serverFieldErrors, serverName, type ServerField } from './schema';

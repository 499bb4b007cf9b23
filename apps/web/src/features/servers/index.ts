/** The servers feature's public surface: the servers list, the add-server wizard, and what the dashboard reuses. */
export { Servers } from './Servers';
export { AddServer, portError, serverFieldErrors } from './AddServer';
export { serverSource, type ServerView } from './Servers';

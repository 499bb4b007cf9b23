import { createElement, lazy } from 'react';

/**
 * The servers feature's public surface: the servers list, the add-server wizard and what the dashboard reuses. The
 * wizard (with its form rules and form library) is a chunk of its own, loaded when it is opened, not with the list.
 */
export { Servers } from './Servers';
const Wizard = lazy(() => import('./AddServer').then((m) => ({ default: m.AddServer })));
/** The add-server wizard (a component, not a lazy one: the router's own lazy route component cannot resolve to one). */
export const AddServer = () => createElement(Wizard);
export { serverSource, serversQuery, type ServerView } from './api';

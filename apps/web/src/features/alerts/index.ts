/** The alerts feature's public surface: the alerts pages and a server's rules (the dashboard's link to them is in components/ServerLinks). */
export { Alerts } from './Alerts';
export { ServerRules } from './ServerRules';

/** The alerts feature's public surface: the alerts pages, a server's rules, and the link the dashboard shows. */
export { Alerts } from './Alerts';
export { ServerRules, AlertRulesLink } from './ServerRules';

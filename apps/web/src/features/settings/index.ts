/** The settings feature's public surface: the settings pages (tokens, members, plan, share links, audit, accept). */
export { Settings } from './Settings';

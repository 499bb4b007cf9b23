/** Public status pages (issue 24): the settings tab that configures them and posts their incidents. */
export { StatusPagesTab } from './StatusPagesTab';

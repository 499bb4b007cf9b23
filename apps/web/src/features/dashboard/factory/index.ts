/** The factory view: every machine, sortable and filterable, with the stalled ones. */
export { FactoryView } from './FactoryView';

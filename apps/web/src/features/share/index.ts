/** The share feature's public surface: the share page, and what the overlay reuses. */
export { SharePage, InvalidShare, shareSource, useShare } from './SharePage';

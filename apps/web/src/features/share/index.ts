/**
 * The share feature's public surface: the share page (loaded in a chunk of its own, see LazySharePage), and what
 * the overlay reuses: the public reads and the invalid-link message.
 */
export { SharePage } from './LazySharePage';
export { InvalidShare } from './InvalidShare';
export { shareSource, useShare, type PublicServer } from './public';

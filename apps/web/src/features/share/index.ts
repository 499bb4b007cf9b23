import { lazy } from 'react';

/**
 * The share feature's public surface: the share page, and what the overlay reuses (the public reads and the
 * invalid-link message). The page comes in its own chunk: it brings the dashboard's panels, which the overlay (a
 * browser source in streaming software) must not load.
 */
export const SharePage = lazy(() => import('./SharePage').then((m) => ({ default: m.SharePage })));
export { InvalidShare } from './InvalidShare';
export { shareSource, useShare, type PublicServer } from './public';

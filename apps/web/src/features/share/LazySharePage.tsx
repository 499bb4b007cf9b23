import { lazy } from 'react';

/**
 * The share page as the router gets it: the page itself is a chunk of its own, loaded on first render. It brings the
 * dashboard's panels, which the overlay (which imports this feature for its public reads) must not load.
 */
const Page = lazy(() => import('./SharePage').then((m) => ({ default: m.SharePage })));

export function SharePage(props: { token: string }) {
  return <Page token={props.token} />;
}

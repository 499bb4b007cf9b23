import { Link as RouterLink, type AnyRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

/**
 * Navigation for code outside React components (the live client, sign-out) and string links, on the app's
 * TanStack router (registered once at start by `app/`). Components use the router's typed `Link` / `useNavigate`.
 */
let current: AnyRouter | null = null;

export function registerRouter(router: AnyRouter): void {
  current = router;
}

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (!current) throw new Error('navigate() before the router started');
  const url = new URL(to, location.origin);
  void current.navigate({
    to: url.pathname,
    search: Object.fromEntries(url.searchParams) as never,
    hash: url.hash.slice(1) || undefined,
    replace: opts.replace,
  } as never);
}

/** A link to a path built at run time (the router's typed `Link` underneath: keyboard, middle-click, preload). */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const { to, ...rest } = props;
  return <RouterLink {...(rest as object)} to={to as never} />;
}

import type { AnyRouter } from '@tanstack/react-router';

/**
 * Navigation for code outside React components (the live client, sign-out) on the app's TanStack router,
 * registered once at start by `main.tsx`. Components use the router's typed `Link` / `useNavigate`.
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

export function Layout(p: { children: unknown }) { return p.children as never; }

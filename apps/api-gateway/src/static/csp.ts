/**
 * The dashboard's Content-Security-Policy: its own scripts only (no inline script, no eval: the dashboard's zod is
 * jitless), its own styles, images and fonts, API and Socket.IO calls to its own origin (and to REALTIME_PUBLIC_URL
 * when live updates come from elsewhere), its service worker, and no plugins, foreign forms or framing by other
 * sites. deploy/docker/web.nginx.conf.template sends the same policy (same origin only there).
 */
export function contentSecurityPolicy(realtimeUrl: string | null = null): string {
  const connect = ["'self'"];
  if (realtimeUrl) {
    const url = new URL(realtimeUrl);
    connect.push(url.origin, `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`);
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

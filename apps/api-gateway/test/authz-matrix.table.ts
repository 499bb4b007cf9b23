/**
 * The authorisation matrix of the api-gateway: every route (rows) × every kind of caller (columns), with the HTTP
 * status each cell must answer. Read by authz-matrix.e2e-spec.ts, which runs every cell against the real service.
 *
 * Callers (columns):
 *   anon   no credentials
 *   view   session of a Viewer of organisation A, acting in A (X-Org-Id: A)
 *   oper   session of an Operator of A, acting in A
 *   admin  session of an Admin of A, acting in A
 *   B      session of the Admin of another organisation B, acting in B (no X-Org-Id) with A's ids in paths/bodies
 *   B@A    the same session of B's Admin, naming A in X-Org-Id (B is no member of A)
 *   share  a share token (gsm_p_…) of one of A's servers, sent as a bearer token; on /api/v1/public/{token} routes
 *          it is the path's token instead (and every other caller puts its own credential in that path)
 *   s:r …  an API token of A (made by A's Admin, Team plan) with only that scope: servers:read, servers:write,
 *          metrics:read, alerts:read, alerts:write
 *
 * The policy the expectations follow (auth.guard.ts, principal.ts, the controllers' @Access rules, api-error.ts):
 *   - 401 Unauthenticated without a valid bearer token (a share token is not one);
 *   - 404 NotFound for an organisation the session is no member of (X-Org-Id), and for an id that belongs to
 *     another organisation ("unknown and not-yours look the same");
 *   - 403 Forbidden for a role below the route's minimum (Viewer reads; Operator changes servers, alerts, share
 *     links; Admin: members, API tokens, plan, audit log), for an API token without the route's scope, and for an
 *     API token on a dashboard-only route (one without a scope);
 *   - public routes (sign-up, sign-in, plans, client config, share links, status pages) and the routes outside
 *     /api/v1 (health, Prometheus, API documents, the dashboard, the status pages) answer everyone.
 * B acting in its own organisation on a route without an id gets its own organisation's answer (B is on the Team
 * plan, like A, so no plan limit hides the authorisation decision).
 */

export const CALLERS = [
  'anonymous',
  'viewer',
  'operator',
  'admin',
  'otherAdmin',
  'otherAdminInA',
  'share',
  'api:servers:read',
  'api:servers:write',
  'api:metrics:read',
  'api:alerts:read',
  'api:alerts:write',
] as const;
export type Caller = (typeof CALLERS)[number];

/** The column headings of the matrix text, in the order of {@link CALLERS}. */
const HEADINGS = ['anon', 'view', 'oper', 'admin', 'B', 'B@A', 'share', 's:r', 's:w', 'm:r', 'a:r', 'a:w'];

const MATRIX = `
                                                  anon view oper admin B    B@A  share s:r  s:w  m:r  a:r  a:w
## accounts
POST   /api/v1/auth/register                      202  202  202  202   202  202  202   202  202  202  202  202
POST   /api/v1/auth/login                         200  200  200  200   200  200  200   200  200  200  200  200
POST   /api/v1/auth/logout                        401  204  204  204   204  404  401   403  403  403  403  403
GET    /api/v1/me                                 401  200  200  200   200  404  401   403  403  403  403  403
PATCH  /api/v1/me                                 401  200  200  200   200  404  401   403  403  403  403  403
POST   /api/v1/auth/verify-email                  200  200  200  200   200  200  200   200  200  200  200  200
POST   /api/v1/auth/verify-email/resend           401  409  409  409   409  404  401   403  403  403  403  403
POST   /api/v1/auth/password-reset                202  202  202  202   202  202  202   202  202  202  202  202
POST   /api/v1/auth/password-reset/confirm        204  204  204  204   204  204  204   204  204  204  204  204
POST   /api/v1/me/password                        401  204  204  204   204  404  401   403  403  403  403  403
GET    /api/v1/me/sessions                        401  200  200  200   200  404  401   403  403  403  403  403
DELETE /api/v1/me/sessions/{id}                   401  204  204  204   404  404  401   403  403  403  403  403
POST   /api/v1/me/sessions/revoke-all             401  204  204  204   204  404  401   403  403  403  403  403
## api tokens
POST   /api/v1/tokens                             401  403  403  201   201  404  401   403  403  403  403  403
GET    /api/v1/tokens                             401  403  403  200   200  404  401   403  403  403  403  403
DELETE /api/v1/tokens/{id}                        401  403  403  204   404  404  401   403  403  403  403  403
## servers
GET    /api/v1/servers                            401  200  200  200   200  404  401   200  403  403  403  403
POST   /api/v1/servers                            401  403  201  201   201  404  401   403  201  403  403  403
GET    /api/v1/servers/{id}                       401  200  200  200   404  404  401   200  403  403  403  403
PATCH  /api/v1/servers/{id}                       401  403  200  200   404  404  401   403  200  403  403  403
DELETE /api/v1/servers/{id}                       401  403  204  204   404  404  401   403  204  403  403  403
POST   /api/v1/servers/{id}/diagnose              401  403  200  200   404  404  401   403  200  403  403  403
## metrics
GET    /api/v1/metrics/prometheus                 401  200  200  200   200  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/metrics/latest        401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/metrics/history       401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/players               401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/players/history       401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/players/trails        401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/players/{playerId}    401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/player-sessions       401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/player-sessions.csv   401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/player-sessions/heatmap 401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/online-at             401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/players/search                     401  200  200  200   200  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/power/latest          401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/power/history         401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/production/latest     401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/trains                401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/drones                401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/buildings             401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/dashboard             401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/generators            401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/generators/history    401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/extractors            401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/drone-stations        401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/world-inventory       401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/resource-sink         401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/resource-sink/history 401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/session               401  200  200  200   404  404  401   403  403  200  403  403
GET    /api/v1/servers/{id}/production/history    401  200  200  200   404  404  401   403  403  200  403  403
## billing
GET    /api/v1/plans                              200  200  200  200   200  200  200   200  200  200  200  200
GET    /api/v1/billing/subscription               401  200  200  200   200  404  401   403  403  403  403  403
PUT    /api/v1/billing/subscription               401  403  403  200   200  404  401   403  403  403  403  403
GET    /api/v1/billing/usage                      401  200  200  200   200  404  401   403  403  403  403  403
## organisation
GET    /api/v1/org/members                        401  200  200  200   200  404  401   403  403  403  403  403
POST   /api/v1/org/members                        401  403  403  201   201  404  401   403  403  403  403  403
PATCH  /api/v1/org/members/{userId}               401  403  403  200   404  404  401   403  403  403  403  403
DELETE /api/v1/org/members/{userId}               401  403  403  204   404  404  401   403  403  403  403  403
DELETE /api/v1/org/invitations/{id}               401  403  403  204   404  404  401   403  403  403  403  403
POST   /api/v1/org/invitations/{id}/resend        401  403  403  200   404  404  401   403  403  403  403  403
POST   /api/v1/invitations/accept                 401  403  403  403   403  404  401   403  403  403  403  403
## two factors
GET    /api/v1/me/two-factor                      401  200  200  200   200  404  401   403  403  403  403  403
POST   /api/v1/me/two-factor/totp                 401  201  201  201   201  404  401   403  403  403  403  403
POST   /api/v1/me/two-factor/totp/confirm         401  400  400  400   400  404  401   403  403  403  403  403
DELETE /api/v1/me/two-factor/totp                 401  400  400  400   400  404  401   403  403  403  403  403
POST   /api/v1/me/two-factor/recovery-codes       401  400  400  400   400  404  401   403  403  403  403  403
POST   /api/v1/me/passkeys/options                401  200  200  200   200  404  401   403  403  403  403  403
POST   /api/v1/me/passkeys                        401  400  400  400   400  404  401   403  403  403  403  403
GET    /api/v1/me/passkeys                        401  200  200  200   200  404  401   403  403  403  403  403
PATCH  /api/v1/me/passkeys/{id}                   401  404  404  404   404  404  401   403  403  403  403  403
DELETE /api/v1/me/passkeys/{id}                   401  404  404  404   404  404  401   403  403  403  403  403
POST   /api/v1/auth/login/second-factor           401  401  401  401   401  401  401   401  401  401  401  401
POST   /api/v1/auth/passkey/options               200  200  200  200   200  200  200   200  200  200  200  200
POST   /api/v1/auth/passkey/verify                400  400  400  400   400  400  400   400  400  400  400  400
GET    /api/v1/org/security                       401  403  403  200   200  404  401   403  403  403  403  403
PATCH  /api/v1/org/security                       401  403  403  200   200  404  401   403  403  403  403  403
## share links
POST   /api/v1/servers/{id}/shares                401  403  201  201   404  404  401   403  403  403  403  403
GET    /api/v1/servers/{id}/shares                401  200  200  200   404  404  401   403  403  403  403  403
DELETE /api/v1/servers/{id}/shares/{shareId}      401  403  204  204   404  404  401   403  403  403  403  403
## public (share links)
GET    /api/v1/public/{token}                     404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/metrics/latest      404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/metrics/history     404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/players             404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/players/history     404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/players/trails      404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/power/latest        404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/power/history       404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/production/latest   404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/trains              404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/drones              404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/buildings           404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/dashboard           404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/generators          404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/generators/history  404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/extractors          404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/drone-stations      404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/world-inventory     404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/resource-sink       404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/resource-sink/history 404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/session             404  404  404  404   404  404  200   404  404  404  404  404
GET    /api/v1/public/{token}/production/history  404  404  404  404   404  404  200   404  404  404  404  404
## audit and client config
GET    /api/v1/audit                              401  403  403  200   200  404  401   403  403  403  403  403
GET    /api/v1/client-config                      200  200  200  200   200  200  200   200  200  200  200  200
## alert rules
GET    /api/v1/alert-rule-kinds                   401  200  200  200   200  404  401   403  403  403  200  403
GET    /api/v1/servers/{id}/alert-rules           401  200  200  200   404  404  401   403  403  403  200  403
POST   /api/v1/servers/{id}/alert-rules           401  403  201  201   404  404  401   403  403  403  403  201
GET    /api/v1/servers/{id}/alert-rules/{ruleId}  401  200  200  200   404  404  401   403  403  403  200  403
PATCH  /api/v1/servers/{id}/alert-rules/{ruleId}  401  403  200  200   404  404  401   403  403  403  403  200
DELETE /api/v1/servers/{id}/alert-rules/{ruleId}  401  403  204  204   404  404  401   403  403  403  403  204
## notification channels
GET    /api/v1/notification-channels              401  200  200  200   200  404  401   403  403  403  200  403
POST   /api/v1/notification-channels              401  403  201  201   201  404  401   403  403  403  403  201
GET    /api/v1/notification-channels/{id}         401  200  200  200   404  404  401   403  403  403  200  403
PATCH  /api/v1/notification-channels/{id}         401  403  200  200   404  404  401   403  403  403  403  200
DELETE /api/v1/notification-channels/{id}         401  403  204  204   404  404  401   403  403  403  403  204
POST   /api/v1/notification-channels/{id}/test    401  403  200  200   404  404  401   403  403  403  403  200
POST   /api/v1/notification-channels/{id}/recipients/resend 401  403  200  200   404  404  401   403  403  403  403  200
POST   /api/v1/alert-recipients/confirm           200  200  200  200   200  200  200   200  200  200  200  200
## incidents, deliveries and silences
GET    /api/v1/alerts/incidents                   401  200  200  200   404  404  401   403  403  403  200  403
GET    /api/v1/alerts/incidents/{id}              401  200  200  200   404  404  401   403  403  403  200  403
GET    /api/v1/alerts/deliveries                  401  200  200  200   200  404  401   403  403  403  200  403
GET    /api/v1/silences                           401  200  200  200   200  404  401   403  403  403  200  403
POST   /api/v1/silences                           401  403  201  201   404  404  401   403  403  403  403  201
DELETE /api/v1/silences/{id}                      401  403  204  204   404  404  401   403  403  403  403  204
## incident acknowledgement (issue 24)
POST   /api/v1/alerts/incidents/{id}/acknowledge  401  403  200  200   404  404  401   403  403  403  403  200
DELETE /api/v1/alerts/incidents/{id}/acknowledge  401  403  200  200   404  404  401   403  403  403  403  200
POST   /api/v1/alerts/incidents/{id}/notes        401  403  201  201   404  404  401   403  403  403  403  201
GET    /api/v1/incident-ack/{token}               200  200  200  200   200  200  200   200  200  200  200  200
POST   /api/v1/incident-ack/{token}               200  200  200  200   200  200  200   200  200  200  200  200
## single sign-on
GET    /api/v1/org/sso                            401  403  403  200   200  404  401   403  403  403  403  403
PUT    /api/v1/org/sso                            401  403  403  400   400  404  401   403  403  403  403  403
DELETE /api/v1/org/sso                            401  403  403  204   204  404  401   403  403  403  403  403
PUT    /api/v1/billing/sso-addon                  401  403  403  200   200  404  401   403  403  403  403  403
POST   /api/v1/auth/sso/start                     404  404  404  404   404  404  404   404  404  404  404  404
GET    /api/v1/auth/sso/callback                  302  302  302  302   302  302  302   302  302  302  302  302
## status pages
GET    /api/v1/status-pages                       401  200  200  200   200  404  401   403  403  403  403  403
POST   /api/v1/status-pages                       401  403  201  201   201  404  401   403  403  403  403  403
GET    /api/v1/status-pages/{id}                  401  200  200  200   404  404  401   403  403  403  403  403
PATCH  /api/v1/status-pages/{id}                  401  403  200  200   404  404  401   403  403  403  403  403
DELETE /api/v1/status-pages/{id}                  401  403  204  204   404  404  401   403  403  403  403  403
GET    /api/v1/status-pages/{id}/incidents        401  200  200  200   404  404  401   403  403  403  403  403
POST   /api/v1/status-pages/{id}/incidents        401  403  201  201   404  404  401   403  403  403  403  403
POST   /api/v1/status-pages/{id}/incidents/{incidentId}/updates 401  403  201  201   404  404  401   403  403  403  403  403
## public (status pages)
GET    /api/v1/status/{slug}                      200  200  200  200   200  200  200   200  200  200  200  200
POST   /api/v1/status/{slug}/subscriptions        202  202  202  202   202  202  202   202  202  202  202  202
GET    /status/{slug}                             200  200  200  200   200  200  200   200  200  200  200  200
GET    /status/{slug}/feed.atom                   200  200  200  200   200  200  200   200  200  200  200  200
GET    /status/{slug}/badge/{file}                200  200  200  200   200  200  200   200  200  200  200  200
GET    /status/{slug}/unsubscribe/{token}         404  404  404  404   404  404  404   404  404  404  404  404
POST   /status/{slug}/unsubscribe/{token}         404  404  404  404   404  404  404   404  404  404  404  404
GET    /status/{slug}/confirm/{token}             404  404  404  404   404  404  404   404  404  404  404  404
GET    /status/{slug}/unsubscribe                 301  301  301  301   301  301  301   301  301  301  301  301
POST   /status/{slug}/unsubscribe                 404  404  404  404   404  404  404   404  404  404  404  404
GET    /status/{slug}/confirm                     301  301  301  301   301  301  301   301  301  301  301  301
## outside the API (no token needed)
GET    /health/live                               200  200  200  200   200  200  200   200  200  200  200  200
GET    /health/ready                              200  200  200  200   200  200  200   200  200  200  200  200
GET    /metrics                                   200  200  200  200   200  200  200   200  200  200  200  200
GET    /api/docs                                  200  200  200  200   200  200  200   200  200  200  200  200
GET    /api/docs.json                             200  200  200  200   200  200  200   200  200  200  200  200
GET    /                                          200  200  200  200   200  200  200   200  200  200  200  200
`;

/**
 * Rows of the matrix that are not operations of the OpenAPI document: the Swagger UI and its JSON (served by
 * SwaggerModule.setup), and the dashboard (any other GET that accepts HTML, served from WEB_DIST).
 */
export const NOT_IN_DOCUMENT: readonly string[] = [
  'GET /api/docs',
  'GET /api/docs.json',
  'GET /',
  // The server-rendered public status pages (pages, feed, badges; their JSON is /api/v1/status/{slug}).
  'GET /status/{slug}',
  'GET /status/{slug}/feed.atom',
  'GET /status/{slug}/badge/{file}',
  'GET /status/{slug}/unsubscribe/{token}',
  'POST /status/{slug}/unsubscribe/{token}',
  'GET /status/{slug}/confirm/{token}',
  // Links mailed before the tokens moved into the path: redirected (GET) or answered in place (one-click POST).
  'GET /status/{slug}/unsubscribe',
  'POST /status/{slug}/unsubscribe',
  'GET /status/{slug}/confirm',
];

export interface MatrixRow {
  group: string;
  method: string;
  /** The path as the OpenAPI document writes it ({name} for parameters). */
  path: string;
  /** `METHOD path`. */
  key: string;
  expect: Record<Caller, number>;
}

/** Parses {@link MATRIX}; throws on a malformed line so a typo cannot silently drop a cell. */
export function matrixRows(): MatrixRow[] {
  const rows: MatrixRow[] = [];
  let group = '';
  const lines = MATRIX.split('\n').filter((l) => l.trim() !== '');
  const headings = lines.shift()?.trim().split(/\s+/);
  if (JSON.stringify(headings) !== JSON.stringify(HEADINGS))
    throw new Error(`matrix headings ${String(headings)} are not ${HEADINGS.join(' ')}`);
  for (const line of lines) {
    if (line.startsWith('## ')) {
      group = line.slice(3).trim();
      continue;
    }
    const [method, path, ...cells] = line.trim().split(/\s+/);
    if (!method || !path || cells.length !== CALLERS.length || !cells.every((c) => /^[1-5]\d\d$/.test(c)))
      throw new Error(`malformed matrix line: ${line}`);
    const key = `${method} ${path}`;
    if (rows.some((r) => r.key === key)) throw new Error(`duplicate matrix row: ${key}`);
    const expect = Object.fromEntries(CALLERS.map((caller, i) => [caller, Number(cells[i])])) as Record<Caller, number>;
    rows.push({ group, method, path, key, expect });
  }
  return rows;
}

/**
 * Spellings of API paths that Express also routes to an API controller (its routing ignores case). Each must be
 * authorised exactly like its canonical route, or not be routed at all (404): never answered 500, never without a
 * token.
 */
export const PATH_VARIANTS: readonly { path: string; of: string }[] = [
  { path: '/API/v1/servers', of: 'GET /api/v1/servers' },
  { path: '/api/V1/me', of: 'GET /api/v1/me' },
  { path: '/Api/v1/billing/usage', of: 'GET /api/v1/billing/usage' },
  { path: '/API/V1/alert-rule-kinds', of: 'GET /api/v1/alert-rule-kinds' },
  { path: '/METRICS', of: 'GET /metrics' },
  { path: '/Health/ready', of: 'GET /health/ready' },
];

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { MetricsService as HttpMetrics, tracingEnabled } from '@app/observability';
import { Clock } from '@app/platform';
import type { INestApplication } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import cors from 'cors';
import type { ApiGatewayConfig } from '../app.config';
import { assertApiAccess, assertRole, assertTokenScope, quotaHeaders } from '../auth/access-checks';
import { AuthService } from '../auth/auth.service';
import { kindOf } from '../auth/bearer-tokens';
import { ACCESS, PUBLIC, type AccessRule } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { QuotaService } from '../billing/quota.service';
import { MetricsController } from '../metrics/metrics.controller';
import { MetricsService } from '../metrics/metrics.service';
import { SecondFactorGate } from '../two-factor/second-factor.gate';
import { corsOptions, requestIdOf } from './http-setup';
import { securityHeaderCalls } from './security-headers';

/** The route, as Express matches it (case-sensitive); ids that would need URL-decoding go the Nest way. */
const LATEST = /^\/api\/v1\/servers\/([0-9A-Fa-f-]{36})\/metrics\/latest$/;
const ROUTE = '/api/v1/servers/:id/metrics/latest';
const JSON_TYPE = 'application/json; charset=utf-8';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A hot path in front of Nest for the success case of `GET /api/v1/servers/{id}/metrics/latest` with an API token
 * (issue 23, goal 1: Nest, Express and their middlewares cost ~6x a bare server). It answers only when the token's
 * resolution is already cached and every check passes through the same services as the Nest route: the scope, the
 * plan's API access, the role and the two-factor policy (ApiAuthGuard's checks, access-checks.ts), the owner check
 * and the newest sample (MetricsService.latest), and one request of the daily quota from a lease already held or on
 * its way (QuotaService). It writes the headers the Nest route sends (helmet's, CORS's for a request without Origin,
 * X-Request-Id, RateLimit-*) and the same JSON body, counts it and times it in the HTTP metrics.
 *
 * Anything else goes to Nest unchanged, before anything is spent: another route or method, a query string, a body, an
 * Origin header, no or another kind of token, an uncached token, any refusal or error, no lease held or on its way
 * (then Nest leases or answers 429). So errors keep their one shape, and nothing Nest would refuse is answered here. Off while
 * tracing is on or LOG_LEVEL is debug/trace (the per-request spans and log lines are Nest's).
 */
export function installLatestFastPath(app: INestApplication, config: ApiGatewayConfig): void {
  if (tracingEnabled() || config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') return;
  const reflector = app.get(Reflector);
  const targets = [MetricsController.prototype.latest, MetricsController];
  if (reflector.getAllAndOverride<boolean>(PUBLIC, targets)) throw new Error('metrics/latest became public');
  const rule = reflector.getAllAndOverride<AccessRule | undefined>(ACCESS, targets) ?? {};
  const auth = app.get(AuthService);
  const billing = app.get(BillingClient);
  const quota = app.get(QuotaService);
  const secondFactor = app.get(SecondFactorGate);
  const metrics = app.get(MetricsService);
  const clock = app.get(Clock);
  const httpMetrics = app.get(HttpMetrics);
  const duration = httpMetrics.httpDuration;
  const answered = httpMetrics.counter(
    'gsm_api_fast_path_answers_total',
    'Requests of GET metrics/latest answered by the fast path in front of Nest (the rest are counted by route only)',
  );
  const fixed = fixedHeaders(config);

  /** Answers the request and resolves true, or resolves false having written and spent nothing. */
  const answer = async (req: IncomingMessage, res: ServerResponse, serverId: string, token: string) => {
    const org = req.headers['x-org-id'];
    const cached = auth.cachedPrincipal(token, typeof org === 'string' && org !== '' ? org : undefined);
    if (!cached) return false;
    const end = duration.startTimer();
    const principal = await cached;
    if (principal.kind !== 'api') return false;
    assertTokenScope(principal, rule);
    const plan = await billing.entitlements(principal.orgId);
    assertApiAccess(plan);
    assertRole(principal, rule);
    await secondFactor.assertMayAct(principal, req.url!.toLowerCase());
    const body = Buffer.from(JSON.stringify(await metrics.latest(principal.orgId, serverId)));
    // A leased request, or the one of a lease on its way (as Nest's request would wait for it); a refusal is Nest's.
    const state =
      quota.consumeLeased(principal.orgId, plan.apiDailyQuota) ??
      (quota.leasing(principal.orgId)
        ? await quota.consume(principal.orgId, plan.apiDailyQuota, false).catch(() => null)
        : null);
    if (!state) return false;
    const headers = [...fixed, 'X-Request-Id', requestIdOf(req.headers['x-request-id'])];
    for (const [name, value] of quotaHeaders(state, clock.nowMs())) headers.push(name, value);
    headers.push('Content-Type', JSON_TYPE, 'Content-Length', String(body.length));
    res.writeHead(200, headers);
    res.end(body);
    end({ method: 'GET', route: ROUTE, status: '200' });
    answered.inc();
    return true;
  };

  const server = app.getHttpServer() as Server;
  const nest = server.listeners('request') as Listener[];
  server.removeAllListeners('request');
  const toNest: Listener = (req, res) => {
    for (const listener of nest) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const serverId = req.method === 'GET' ? LATEST.exec(req.url ?? '')?.[1] : undefined;
    const token = serverId ? eligibleToken(req) : undefined;
    if (!serverId || !token) return toNest(req, res);
    answer(req, res, serverId, token).then(
      (done) => done || toNest(req, res),
      () => toNest(req, res),
    );
  });
}

/** The API token of a request the fast path may take: no body, no Origin, `Authorization: Bearer <api token>`. */
function eligibleToken(req: IncomingMessage): string | undefined {
  const h = req.headers;
  if (h.origin !== undefined || h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return;
  // passport-http-bearer's reading of the header: two parts, the scheme without case.
  const parts = h.authorization?.split(' ');
  if (parts?.length !== 2 || !/^bearer$/i.test(parts[0]!)) return;
  return kindOf(parts[1]!) === 'api' ? parts[1] : undefined;
}

/** The headers every answer of the route starts with: helmet's, then CORS's for a request without Origin. */
function fixedHeaders(config: ApiGatewayConfig): string[] {
  const headers = new Map<string, [string, string]>();
  const record = (name: string, value: string | undefined) => {
    if (value === undefined) headers.delete(name.toLowerCase());
    else headers.set(name.toLowerCase(), [name, value]);
  };
  for (const [name, value] of securityHeaderCalls()) record(name, value);
  const recorder = {
    getHeader: (name: string) => headers.get(name.toLowerCase())?.[1],
    setHeader: (name: string, value: string | string[]) => record(name, String(value)),
  };
  let failed: unknown;
  cors(corsOptions(config))({ method: 'GET', headers: {} } as never, recorder as never, (e?: unknown) => (failed = e));
  if (failed) throw failed as Error;
  return [...headers.values()].flat();
}

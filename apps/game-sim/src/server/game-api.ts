import type { IncomingMessage, ServerResponse } from 'node:http';
import type { World } from '../world/world';
import type { FaultSet } from './faults';
import { runFrmEndpoint } from './frm-runner';
import { parsePrivilege, satisfies, type Privilege, type TokenStore } from './tokens';

/** What the game API handler needs to know about its server. */
export interface GameApiContext {
  world: World;
  tokens: TokenStore;
  faults: FaultSet;
  adminPassword: () => string;
  clientPassword: string;
  frmToken: string;
  /** What tests read back: PasswordLogin requests that carried a password (right or wrong). */
  stats: { passwordLogins: number };
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = (ctx: GameApiContext, data: Record<string, unknown>, auth: AuthResult, req: IncomingMessage) => Reply;
type AuthResult = { level: Privilege | 'expired' | 'invalid' | null };

const SERVER_HEADER = 'FactoryGame/++FactoryGame+rel-main-1.1.0-CL-415558 (Linux)';
const MAX_BODY = 1 << 20;

const error = (status: number, errorCode: string, errorMessage: string, errorData?: unknown): Reply => ({
  status,
  body: errorData === undefined ? { errorCode, errorMessage } : { errorCode, errorMessage, errorData },
});
const ok = (data: unknown): Reply => ({ status: 200, body: { data } });

/** Function-level errors come back with HTTP 200, as the game sends them. */
function missingParams(missing: string[]): Reply {
  return error(
    200,
    'missing_params',
    `The Request is missing the Required Parameters needed to Execute the Function, or they are in the Invalid Format.\nInvalid Parameters:\nMissing Parameters:\n${missing.join('\n')}\nAdditional Errors:\n`,
    { missingParameters: missing, invalidParameters: {} },
  );
}

/** Checks the bearer token against the function's minimum privilege. */
function requireLevel(auth: AuthResult, needed: Privilege): Reply | null {
  if (auth.level === null) {
    return error(403, 'insufficient_scope', 'The client is missing required privileges to access the given function');
  }
  if (auth.level === 'expired') return error(401, 'invalid_token', 'Token has expired');
  if (auth.level === 'invalid') return error(401, 'invalid_token', 'The authentication token is invalid');
  if (!satisfies(auth.level, needed)) {
    return error(403, 'insufficient_scope', 'The client is missing required privileges to access the given function');
  }
  return null;
}

function login(ctx: GameApiContext, data: Record<string, unknown>, withPassword: boolean): Reply {
  const missing = ['minimumPrivilegeLevel', ...(withPassword ? ['password'] : [])].filter(
    (k) => data[k.toLowerCase()] === undefined,
  );
  if (missing.length > 0) return missingParams(missing);
  const wanted = parsePrivilege(data['minimumprivilegelevel']);
  if (!wanted || wanted === 'NotAuthenticated') return missingParams(['minimumPrivilegeLevel']);
  if (!withPassword) {
    if (ctx.clientPassword !== '' || wanted !== 'Client') {
      return error(200, 'passwordless_login_not_possible', 'Passwordless login is not possible for this server');
    }
    return ok({ authenticationToken: ctx.tokens.issue('Client') });
  }
  const password = data['password'];
  ctx.stats.passwordLogins++;
  if (typeof password === 'string' && password === ctx.adminPassword()) {
    return ok({ authenticationToken: ctx.tokens.issue('Administrator') });
  }
  if (
    typeof password === 'string' &&
    wanted === 'Client' &&
    ctx.clientPassword !== '' &&
    password === ctx.clientPassword
  ) {
    return ok({ authenticationToken: ctx.tokens.issue('Client') });
  }
  return error(200, 'wrong_password', 'Wrong password');
}

const FUNCTIONS: Record<string, Handler> = {
  healthcheck: (ctx) => ok({ health: ctx.world.effectiveTickRate > 10 ? 'healthy' : 'slow', serverCustomData: '' }),
  passwordlogin: (ctx, data) => login(ctx, data, true),
  passwordlesslogin: (ctx, data) => login(ctx, data, false),
  verifyauthenticationtoken: (_ctx, _data, auth) => requireLevel(auth, 'Client') ?? { status: 204 },
  queryserverstate: (ctx, _data, auth) => {
    const denied = requireLevel(auth, 'Client');
    if (denied) return denied;
    const w = ctx.world;
    return ok({
      serverGameState: {
        activeSessionName: w.sessionName,
        numConnectedPlayers: w.onlinePlayers,
        playerLimit: w.playerLimit,
        techTier: w.techTier,
        activeSchematic: w.activeSchematic,
        gamePhase: w.gamePhase,
        isGameRunning: true,
        totalGameDuration: w.totalDuration,
        isGamePaused: w.paused,
        averageTickRate: w.effectiveTickRate,
        autoLoadSessionName: w.sessionName,
        agreeToCrashUploadRequested: false,
      },
    });
  },
  getserveroptions: (ctx, _data, auth) => {
    const denied = requireLevel(auth, 'Client');
    if (denied) return denied;
    return ok({
      serverOptions: {
        'FG.DSAutoPause': ctx.world.autoPause ? 'True' : 'False',
        'FG.DSAutoSaveOnDisconnect': 'True',
        'FG.DisableSeasonalEvents': 'False',
        'FG.AutosaveInterval': '300.0',
        'FG.ServerRestartTimeSlot': '1440.0',
        'FG.SendGameplayData': 'True',
        'FG.NetworkQuality': '1',
        // FRM 1.5.3 leaks its token here in plain text: a monitor must treat this response as a secret.
        ...(ctx.faults.has('addon_missing')
          ? {}
          : { 'FicsitRemoteMonitoring.Server.uWS.AuthenticationToken': ctx.frmToken }),
      },
      pendingServerOptions: {},
    });
  },
  frm: (ctx, data, _auth, req) => {
    if (ctx.faults.has('addon_missing') || ctx.faults.has('proxy_missing')) {
      return error(404, 'bad_function', "Payload JSON function 'frm' not found");
    }
    const endpoint = data['endpoint'];
    if (typeof endpoint !== 'string' || endpoint === '') {
      return error(200, 'missing_parameter', "Parameter 'endpoint' was not found.");
    }
    const outcome = runFrmEndpoint(ctx.world, endpoint, data['data'] === undefined ? 'GET' : 'POST', {
      loading: false,
      authorized: req.headers['x-frm-authorization'] === ctx.frmToken,
    });
    if (outcome.status === 200) {
      return {
        status: 200,
        body: outcome.body,
        headers: { 'Content-Disposition': `inline; filename="${endpoint}.json"` },
      };
    }
    if (outcome.status === 404) {
      return error(
        404,
        'endpoint_not_found',
        `API Endpoint: ${endpoint} was not found in FRM. You can find a list of all endpoints here: https://docs.ficsit.app/ficsitremotemonitoring/latest/json/json.html`,
      );
    }
    if (outcome.status === 401) return error(401, 'unauthorized', 'Keycard needed.');
    if (outcome.status === 405) return error(405, 'method_not_allowed', "We can't have you do that...");
    return error(500, 'internal_server_error', 'Please report this to the FRM Discord for assistance.');
  },
};

function authOf(ctx: GameApiContext, req: IncomingMessage): AuthResult {
  const header = req.headers.authorization;
  if (!header) return { level: null };
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) return { level: 'invalid' };
  return { level: ctx.tokens.check(match[1]!) ?? 'invalid' };
}

/** Lower-cases the keys of `data`: the game accepts keys in any case. */
function lowerKeys(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Decides the reply to one game-API request (everything but transport faults). */
export function answerGameApi(ctx: GameApiContext, req: IncomingMessage, raw: string | null): Reply {
  const path = (req.url ?? '/').split('?')[0]!.replace(/\/+$/, '');
  if (path.toLowerCase() !== '/api/v1') return error(404, 'bad_request', `No API at ${path || '/'}; use POST /api/v1`);
  if (req.method !== 'POST') return error(404, 'bad_request', 'The API is called with POST');
  if (raw === null) return error(413, 'bad_request', 'Request body too large');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return error(400, 'bad_request', 'The request body could not be parsed as JSON');
  }
  const envelope = lowerKeys(body);
  const name = envelope['function'];
  if (typeof name !== 'string') return error(400, 'bad_request', "The request has no 'function' member");
  const handler = FUNCTIONS[name.toLowerCase()];
  if (!handler) return error(404, 'bad_function', `Payload JSON function '${name}' not found`);
  ctx.world.advanceTo(Date.now());
  const data = lowerKeys(envelope['data']);
  if (name.toLowerCase() === 'frm') data['endpoint'] = envelope['endpoint'];
  if (name.toLowerCase() === 'frm' && envelope['data'] !== undefined) data['data'] = envelope['data'];
  return handler(ctx, data, authOf(ctx, req), req);
}

/** Reads a request body (up to 1 MiB; null when larger). */
export function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Writes a reply with the game's headers; `malformed` and `reset` are the transport faults of the game API.
 * `reset` needs the raw TCP socket under the TLS one (a TLS socket cannot send an RST itself).
 */
export function writeGameReply(res: ServerResponse, reply: Reply, faults: FaultSet, reset: () => void): void {
  const headers: Record<string, string> = {
    Server: SERVER_HEADER,
    'Keep-Alive': 'timeout=15.000000',
    ...reply.headers,
  };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  let text = JSON.stringify(reply.body);
  if (faults.appliesTo('malformed_json', 'game')) text = text.slice(0, Math.max(1, Math.floor(text.length / 2)));
  headers['Content-Type'] = 'application/json; charset=utf-8';
  headers['Content-Length'] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers);
  if (faults.appliesTo('reset', 'game')) {
    res.write(text.slice(0, Math.floor(text.length / 2)), () => reset());
    return;
  }
  res.end(text);
}

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  connectTestMessaging,
  createTestDatabase,
  eventually,
  HttpReceiver,
  markEmailVerified,
  seedAccount,
  seedServer,
  ServiceStack,
  SimulatorProcess,
  sql,
  type TestDatabase,
  setPlanIntervals,
  joinByInvitation,
  knownInvitationToken,
} from '@app/testing';
import { ADDON_KINDS } from '@app/samples';
import { CALLERS, matrixRows, NOT_IN_DOCUMENT, PATH_VARIANTS, type Caller, type MatrixRow } from './authz-matrix.table';
import { storePolls } from './stored-polls';

const SECRETS_KEY = Buffer.alloc(32, 13).toString('base64');
const PASSWORD = 'correct horse battery staple';
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace']);
/** The error code each refusal status must carry (a 403 PlanLimitReached is a plan decision, not authorisation). */
const REFUSAL_CODE: Record<number, string> = { 401: 'Unauthenticated', 403: 'Forbidden', 404: 'NotFound' };
/** What the poller stores for a server with the add-on: every metrics route then has data to answer 200 with. */
const KINDS = ['health', 'power', 'players', 'production', 'trains', 'drones', 'factory'];

type Json = Record<string, unknown>;

interface Got {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

interface Account {
  email: string;
  userId: string;
  orgId: string;
  token: string;
}

/** What one cell sends besides the caller's own credentials, and what to undo afterwards. */
interface Prepared {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Replaces the caller's bearer token (a fresh session of the same user, for sign-out). */
  token?: string;
  cleanup?: (got: Got) => Promise<unknown>;
}

interface Mismatch {
  route: string;
  caller: string;
  expected: string;
  got: string;
}

const is2xx = (status: number): boolean => status >= 200 && status < 300;

function renderTable(mismatches: Mismatch[]): string {
  const head: Mismatch = { route: 'route', caller: 'caller', expected: 'expected', got: 'got' };
  const all = [head, ...mismatches];
  const width = (k: keyof Mismatch) => Math.max(...all.map((m) => m[k].length));
  const line = (m: Mismatch) =>
    `${m.route.padEnd(width('route'))}  ${m.caller.padEnd(width('caller'))}  ${m.expected.padEnd(width('expected'))}  ${m.got}`;
  return [line(head), ...mismatches.map(line)].join('\n');
}

/**
 * The authorisation matrix of the api-gateway (authz-matrix.table.ts) run against the real service: billing-limits,
 * api-gateway, poller and alerting as processes on PostgreSQL and NATS, with a simulated game server whose data
 * the poller stores. Every cell also checks that nothing answers 500, that no answer carries a credential, a
 * password or a webhook URL made in the set-up, and that the other organisation's answers carry none of A's ids.
 */
describe('api-gateway authorisation matrix: every route × every kind of caller', () => {
  const rows = matrixRows();
  const groups = [...new Set(rows.map((r) => r.group))];
  let db: TestDatabase;
  let sim: SimulatorProcess;
  let receiver: HttpReceiver;
  let webDir = '';
  let base = '';
  const stack = new ServiceStack({ SECRETS_KEY, TARGET_ALLOW_CIDRS: '127.0.0.0/8', PROBE_TIMEOUT_MS: '3000' });
  const { prefix } = stack;

  const accounts = {} as Record<'viewer' | 'operator' | 'admin' | 'otherAdmin' | 'login', Account>;
  const apiTokens = {} as Record<string, string>;
  let orgA = '';
  let serverId = '';
  let shareToken = '';
  let ruleId = '';
  let channelId = '';
  let incidentId = '';
  let statusPageId = '';
  let statusSlug = '';
  let statusIncidentId = '';
  /** Credentials, passwords and webhook URLs made in the set-up (and for throwaway resources): never in an answer. */
  const secrets = new Set<string>();
  /** Ids and e-mails of organisation A: never in an answer to organisation B's admin. */
  const idsOfA = new Set<string>();
  let counter = 0;
  const unique = (what: string) => `${what}${++counter}-${prefix}`;

  const send = async (
    method: string,
    path: string,
    options: { token?: string; org?: string; body?: unknown; accept?: string } = {},
  ): Promise<Got> => {
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.org) headers['X-Org-Id'] = options.org;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(40_000),
      // The SSO callback answers a redirect: its own status is the cell, not the page it leads to.
      redirect: 'manual',
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { status: res.status, text, body };
  };

  /** A set-up call that must succeed with `status`. */
  const must = async (status: number, got: Promise<Got>, what: string): Promise<Got> => {
    const res = await got;
    if (res.status !== status) throw new Error(`set-up: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
    return res;
  };
  /** A set-up call as A's admin, acting in A. */
  const asAdmin = (method: string, path: string, body?: unknown, status = method === 'POST' ? 201 : 200) =>
    must(status, send(method, path, { token: accounts.admin.token, org: orgA, body }), `${method} ${path}`);

  const register = async (name: string): Promise<Account> => {
    const email = `${unique(name)}@example.com`;
    await must(
      202,
      send('POST', '/api/v1/auth/register', { body: { email, password: PASSWORD, name } }),
      `sign-up ${name}`,
    );
    // Not a test of verification (account-mail.e2e-spec is): these accounts may create API tokens and channels.
    await markEmailVerified(db.url, email);
    const res = await must(200, send('POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } }), 'sign-in');
    const me = await must(200, send('GET', '/api/v1/me', { token: res.body.token }), 'GET /me');
    secrets.add(res.body.token);
    return { email, userId: me.body.id, orgId: me.body.organisation_id, token: res.body.token };
  };

  const freshSession = async (account: Account): Promise<string> => {
    const res = await must(
      200,
      send('POST', '/api/v1/auth/login', { body: { email: account.email, password: PASSWORD } }),
      'sign-in',
    );
    secrets.add(res.body.token);
    return res.body.token as string;
  };

  /** A live account mail token (verification or reset) of a seeded account, stored hashed as the service does. */
  const accountToken = async (purpose: 'verify_email' | 'reset_password'): Promise<string> => {
    const { userId } = await seedAccount(db.url);
    const token = randomBytes(32).toString('base64url');
    secrets.add(token);
    await sql(
      db.url,
      `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, now() + interval '1 hour')`,
      [userId, purpose, createHash('sha256').update(token).digest('hex')],
    );
    return token;
  };

  const serverBody = (index: number) => {
    const s = sim.server(index);
    return {
      name: `Matrix ${index}`,
      host: s.host,
      port: s.port,
      admin_password: s.admin_password,
      addon_http_port: s.addon_http_port,
      addon_ws_port: s.addon_ws_port,
    };
  };

  /** A status page slug nobody has yet. */
  const slugOf = (what: string): string =>
    unique(what)
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '-');

  const webhookUrl = (): string => {
    const url = receiver.url(`/hooks/${randomBytes(12).toString('hex')}`);
    secrets.add(url);
    return url;
  };

  // Throwaway resources of A, made by A's admin, for the cells that delete or use one up: a cell that is allowed to
  // (or, through a bug, wrongly does) destroy its resource never spoils a later cell.
  let emailChannelId: string | undefined;
  const throwaway = {
    token: async () => {
      const res = await asAdmin('POST', '/api/v1/tokens', { name: 'throwaway', scopes: ['servers:read'] });
      secrets.add(res.body.token);
      return res.body.id as string;
    },
    server: async () =>
      seedServer(
        db.url,
        orgA,
        {
          host: '127.0.0.1',
          port: 20_000 + ++counter,
          addon_http_port: 8080,
          addon_ws_port: 8081,
          admin_password: `throwaway-${prefix}`,
          control_url: '',
        },
        SECRETS_KEY,
      ),
    member: async () => {
      const { userId } = await seedAccount(db.url);
      await sql(db.url, `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [orgA, userId]);
      return userId;
    },
    invitation: async () => {
      const res = await asAdmin('POST', '/api/v1/org/members', {
        email: `${unique('invitee')}@example.com`,
        role: 'viewer',
      });
      // The token is only in the mail (no SMTP here): the test gives the invitation one it knows.
      const id = res.body.invitation.id as string;
      const token = await knownInvitationToken(db.url, id);
      secrets.add(token);
      return { id, token };
    },
    share: async () => {
      const res = await asAdmin('POST', `/api/v1/servers/${serverId}/shares`, {});
      secrets.add(res.body.token);
      return res.body.id as string;
    },
    rule: async () =>
      (await asAdmin('POST', `/api/v1/servers/${serverId}/alert-rules`, { kind: 'player_joined' })).body.id as string,
    channel: async () =>
      (
        await asAdmin('POST', '/api/v1/notification-channels', {
          kind: 'webhook',
          name: 'throwaway',
          config: { url: webhookUrl() },
        })
      ).body.id as string,
    emailChannel: async (): Promise<string> => {
      emailChannelId ??= (
        await asAdmin('POST', '/api/v1/notification-channels', {
          kind: 'email',
          name: 'Matrix mail',
          config: { to: [`${unique('ops')}@example.com`] },
        })
      ).body.id as string;
      return emailChannelId;
    },
    /** A pending recipient of A's e-mail channel whose link token is known (only its SHA-256 is stored). */
    recipientToken: async (): Promise<string> => {
      const token = randomBytes(32).toString('base64url');
      await sql(
        db.url,
        `INSERT INTO alert_recipients (org_id, channel_id, address, token_sha256, expires_at)
         VALUES ($1, $2, $3, $4, now() + interval '1 hour')`,
        [
          orgA,
          await throwaway.emailChannel(),
          `${unique('rcpt')}@example.com`,
          createHash('sha256').update(token).digest('hex'),
        ],
      );
      return token;
    },
    statusPage: async () =>
      (await asAdmin('POST', '/api/v1/status-pages', { slug: slugOf('throwaway'), title: 'Throwaway', server_ids: [] }))
        .body.id as string,
    silence: async () =>
      (await asAdmin('POST', '/api/v1/silences', { ends_at: new Date(Date.now() + 3_600_000).toISOString() })).body
        .id as string,
    /** An open incident of A's server (one per instance may be open), as alerting would have opened it. */
    openIncident: async () =>
      (
        (await sql<{ id: string }>(
          db.url,
          `INSERT INTO incidents (org_id, server_id, rule_id, state, summary, rule_kind, rule_name, instance)
           VALUES ($1, $2, $3, 'open', 'Matrix outage', 'player_joined', 'Matrix rule', $4) RETURNING id`,
          [orgA, serverId, ruleId, unique('instance')],
        )) as [{ id: string }]
      )[0].id,
    /** A valid acknowledge link of a new open incident of A (what a Discord message of it would carry). */
    ackLink: async () => {
      const token = `gsm_ack_${randomBytes(32).toString('base64url')}`;
      const hash = createHash('sha256').update(token).digest('hex');
      await sql(
        db.url,
        `INSERT INTO incident_ack_links (incident_id, org_id, token_hash, token_sealed, expires_at)
         VALUES ($1, $2, $3, '\\x00', now() + interval '1 hour')`,
        [await throwaway.openIncident(), orgA, hash],
      );
      return token;
    },
  };

  let matrixPlayerId: string | undefined;
  const matrixPlayer = async (): Promise<string> => {
    matrixPlayerId ??= (
      await sql<{ player_id: string }>(
        db.url,
        `INSERT INTO player_sessions (server_id, player_id, joined_at, left_at, player_name, close_reason)
         VALUES ($1, gen_random_uuid(), now() - interval '2 hours', now() - interval '1 hour', 'Matrix player', 'left')
         RETURNING player_id`,
        [serverId],
      )
    )[0]!.player_id;
    return matrixPlayerId;
  };

  const accountOf = (caller: Caller): Account | null =>
    caller === 'viewer' || caller === 'operator' || caller === 'admin'
      ? accounts[caller]
      : caller === 'otherAdmin' || caller === 'otherAdminInA'
        ? accounts.otherAdmin
        : null;

  /** The caller's bearer token and X-Org-Id header. */
  const credentialsOf = (caller: Caller): { token?: string; org?: string } => {
    switch (caller) {
      case 'anonymous':
        return {};
      case 'viewer':
      case 'operator':
      case 'admin':
      case 'otherAdminInA':
        return { token: accountOf(caller)!.token, org: orgA };
      case 'otherAdmin':
        return { token: accounts.otherAdmin.token };
      case 'share':
        return { token: shareToken };
      default:
        return { token: apiTokens[caller.slice('api:'.length)] };
    }
  };

  /**
   * The {token} of /api/v1/public/{token}: the share caller's share token; every other caller's own credential
   * (none of which is a share token); for the anonymous caller, a well-formed share token that does not exist.
   */
  const publicPathToken = (caller: Caller): string =>
    caller === 'share'
      ? shareToken
      : (credentialsOf(caller).token ?? `gsm_p_${randomBytes(30).toString('base64url').slice(0, 40)}`);

  // How each route's cell is made, by `METHOD path`. Routes not named here need no body, and their {id} (under
  // /api/v1/servers/) is A's server, their {token} the caller's path token (see publicPathToken).
  const preparers: Record<string, (caller: Caller, expected: number) => Promise<Prepared>> = {
    'POST /api/v1/auth/register': async () => ({
      body: { email: `${unique('newcomer')}@example.com`, password: PASSWORD, name: 'Newcomer' },
    }),
    'POST /api/v1/auth/login': async () => ({ body: { email: accounts.login.email, password: PASSWORD } }),
    // Signing out ends the session: each session caller signs out a fresh session of its own user.
    'POST /api/v1/auth/logout': async (caller) => {
      const account = accountOf(caller);
      return account ? { token: await freshSession(account) } : {};
    },
    // A user's own language: every signed-in user (any role) may set theirs; an API token may not.
    'PATCH /api/v1/me': async () => ({ body: { locale: 'de' } }),
    // Account mail links (issue 22) are public: each cell uses a fresh, real token of a seeded account.
    'POST /api/v1/auth/verify-email': async () => ({ body: { token: await accountToken('verify_email') } }),
    'POST /api/v1/auth/password-reset': async () => ({ body: { email: `${unique('forgetful')}@example.com` } }),
    'POST /api/v1/auth/password-reset/confirm': async () => ({
      body: { token: await accountToken('reset_password'), password: PASSWORD },
    }),
    // The same password again: allowed for every signed-in user, and nobody's password changes.
    'POST /api/v1/me/password': async () => ({ body: { current_password: PASSWORD, new_password: PASSWORD } }),
    // One's own sessions: each member of A signs out a fresh session of their own; everyone else names a session
    // of A's admin (B: not theirs, 404).
    'DELETE /api/v1/me/sessions/{id}': async (caller) => {
      const account =
        caller === 'viewer' || caller === 'operator' || caller === 'admin' ? accounts[caller] : accounts.admin;
      const token = await freshSession(account);
      const listed = await must(200, send('GET', '/api/v1/me/sessions', { token }), 'GET /me/sessions');
      return { params: { id: (listed.body as { id: string; current: boolean }[]).find((s) => s.current)!.id } };
    },
    // Signing out everywhere ends every session of the caller's user: a throwaway user in the caller's place (a
    // member of A with the caller's role, or an account of its own for B) so the matrix's own sessions live on.
    'POST /api/v1/me/sessions/revoke-all': async (caller) => {
      if (!accountOf(caller)) return {};
      const stand = await register('signout');
      if (caller === 'viewer' || caller === 'operator' || caller === 'admin')
        await sql(db.url, `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3::membership_role)`, [
          orgA,
          stand.userId,
          caller,
        ]);
      return { token: stand.token };
    },
    'POST /api/v1/tokens': async () => ({ body: { name: 'matrix', scopes: ['servers:read'] } }),
    // An issuer that refuses connections: an allowed caller gets the issuer check's 400, nothing is saved.
    'PUT /api/v1/org/sso': async () => ({
      body: { issuer: 'http://127.0.0.1:9', client_id: 'matrix', client_secret: 'matrix', domains: ['matrix.example'] },
    }),
    'PUT /api/v1/billing/sso-addon': async () => ({ body: { enabled: true } }),
    // A domain no organisation signs in with: 404 for everyone (the route is public).
    'POST /api/v1/auth/sso/start': async () => ({ body: { email: `someone@${unique('nosso')}.example` } }),
    'DELETE /api/v1/tokens/{id}': async () => ({ params: { id: await throwaway.token() } }),
    // A cell expected to register gets a simulated server of its own; the others send A's registered one (a
    // wrongly allowed registration would answer 409, not 403/404).
    'POST /api/v1/servers': async (caller, expected) => {
      if (!is2xx(expected)) return { body: serverBody(0) };
      const index = 1 + ['operator', 'admin', 'otherAdmin', 'api:servers:write'].indexOf(caller);
      if (index === 0) throw new Error(`no simulated server set aside for ${caller}`);
      const owner = credentialsOf(caller === 'otherAdmin' ? 'otherAdmin' : 'admin');
      return {
        body: serverBody(index),
        // Registered servers are polled: remove them again (and keep A under its plan's server limit).
        cleanup: async (got) => {
          if (got.status === 201) await send('DELETE', `/api/v1/servers/${got.body.id}`, owner);
        },
      };
    },
    'PATCH /api/v1/servers/{id}': async () => ({ body: { name: 'Matrix main' } }),
    'DELETE /api/v1/servers/{id}': async () => {
      const id = await throwaway.server();
      return { params: { id }, cleanup: () => sql(db.url, 'DELETE FROM servers WHERE id = $1', [id]) };
    },
    'PUT /api/v1/billing/subscription': async () => ({ body: { plan: 'team', period: 'monthly' } }),
    'POST /api/v1/org/members': async () => ({
      body: { email: `${unique('invited')}@example.com`, role: 'viewer' },
    }),
    'PATCH /api/v1/org/members/{userId}': async () => ({
      params: { userId: await throwaway.member() },
      body: { role: 'operator' },
    }),
    'DELETE /api/v1/org/members/{userId}': async () => ({ params: { userId: await throwaway.member() } }),
    'DELETE /api/v1/org/invitations/{id}': async () => ({ params: { id: (await throwaway.invitation()).id } }),
    // Every caller is signed in with another e-mail than the invited one: nobody here may accept it.
    'POST /api/v1/invitations/accept': async () => ({ body: { token: (await throwaway.invitation()).token } }),
    // Sent "two minutes ago": the resend's once-a-minute limit does not hide the authorisation decision.
    'POST /api/v1/org/invitations/{id}/resend': async () => {
      const { id } = await throwaway.invitation();
      await sql(db.url, `UPDATE invitations SET sent_at = now() - interval '2 minutes' WHERE id = $1`, [id]);
      return { params: { id } };
    },
    'POST /api/v1/servers/{id}/shares': async () => ({ body: { kind: 'dashboard' } }),
    'DELETE /api/v1/servers/{id}/shares/{shareId}': async () => ({ params: { shareId: await throwaway.share() } }),
    'POST /api/v1/servers/{id}/alert-rules': async () => ({ body: { kind: 'player_joined' } }),
    'GET /api/v1/servers/{id}/alert-rules/{ruleId}': async () => ({ params: { ruleId } }),
    'PATCH /api/v1/servers/{id}/alert-rules/{ruleId}': async () => ({
      params: { ruleId },
      body: { name: 'Matrix rule', pending_polls: 2 },
    }),
    'DELETE /api/v1/servers/{id}/alert-rules/{ruleId}': async () => ({ params: { ruleId: await throwaway.rule() } }),
    'POST /api/v1/notification-channels': async () => ({
      body: { kind: 'webhook', name: 'Matrix hook', config: { url: webhookUrl() } },
    }),
    'GET /api/v1/notification-channels/{id}': async () => ({ params: { id: channelId } }),
    'PATCH /api/v1/notification-channels/{id}': async () => ({ params: { id: channelId }, body: { name: 'Renamed' } }),
    'DELETE /api/v1/notification-channels/{id}': async () => ({ params: { id: await throwaway.channel() } }),
    'POST /api/v1/notification-channels/{id}/test': async () => ({ params: { id: channelId } }),
    // An e-mail channel of A (its recipients pending: no SMTP here, so a resend sends nothing and says so).
    'POST /api/v1/notification-channels/{id}/recipients/resend': async () => ({
      params: { id: await throwaway.emailChannel() },
    }),
    // The token is the proof, no sign-in: every caller confirms a pending recipient with a valid token.
    'POST /api/v1/alert-recipients/confirm': async () => ({ body: { token: await throwaway.recipientToken() } }),
    // Filtered by A's server: B's admin must not learn it exists (404), A's members see its incidents.
    'GET /api/v1/alerts/incidents': async () => ({ query: { server_id: serverId } }),
    // Player history (issue 24): a session of A's server, stored as billing-limits derives it from polls.
    'GET /api/v1/servers/{id}/players/{playerId}': async () => ({ params: { playerId: await matrixPlayer() } }),
    'GET /api/v1/players/search': async () => {
      await matrixPlayer();
      return { query: { q: 'matrix' } };
    },
    'GET /api/v1/alerts/incidents/{id}': async () => ({ params: { id: incidentId } }),
    // Filtered by A's channel: B's admin gets B's (empty) log, never A's deliveries.
    'GET /api/v1/alerts/deliveries': async () => ({ query: { channel_id: channelId } }),
    // An open incident of A each: Operators acknowledge it (or take an acknowledgement back); B's admin gets 404.
    'POST /api/v1/alerts/incidents/{id}/acknowledge': async () => ({
      params: { id: await throwaway.openIncident() },
      body: { notify_channels: false },
    }),
    'DELETE /api/v1/alerts/incidents/{id}/acknowledge': async () => ({
      params: { id: await throwaway.openIncident() },
    }),
    'POST /api/v1/alerts/incidents/{id}/notes': async () => ({ params: { id: incidentId }, body: { text: 'On it' } }),
    // The link is the proof, no sign-in: every caller sees its page and acknowledges with a fresh, valid link.
    'GET /api/v1/incident-ack/{token}': async () => ({ params: { token: await throwaway.ackLink() } }),
    'POST /api/v1/incident-ack/{token}': async () => ({ params: { token: await throwaway.ackLink() } }),
    // Naming A's server and rule: B's admin gets 404, not a silence of A's server.
    'POST /api/v1/silences': async () => ({
      body: {
        server_id: serverId,
        rule_id: ruleId,
        reason: 'matrix',
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    }),
    'DELETE /api/v1/silences/{id}': async () => ({ params: { id: await throwaway.silence() } }),
    // Two factors: the cells show the authorisation (a signed-in user reaches the validation of the body, 400),
    // never a change that would make the matrix's accounts need a second factor.
    'POST /api/v1/me/two-factor/totp/confirm': async () => ({ body: { code: '' } }),
    'DELETE /api/v1/me/two-factor/totp': async () => ({ body: {} }),
    'POST /api/v1/me/two-factor/recovery-codes': async () => ({ body: { code: '' } }),
    'POST /api/v1/me/passkeys': async () => ({ body: {} }),
    'PATCH /api/v1/me/passkeys/{id}': async () => ({ params: { id: randomUUID() }, body: { name: 'Matrix key' } }),
    'DELETE /api/v1/me/passkeys/{id}': async () => ({ params: { id: randomUUID() } }),
    'POST /api/v1/auth/login/second-factor': async () => ({ body: { challenge: 'made-up', totp: '123456' } }),
    'POST /api/v1/auth/passkey/verify': async () => ({ body: {} }),
    'PATCH /api/v1/org/security': async () => ({ body: { require_two_factor: false } }),
    // Status pages: A's page (B's admin gets 404); B's admin creating one in B gets its own (no servers named).
    'POST /api/v1/status-pages': async () => ({
      body: { slug: slugOf('matrix-page'), title: 'Matrix', server_ids: [] },
    }),
    'GET /api/v1/status-pages/{id}': async () => ({ params: { id: statusPageId } }),
    'PATCH /api/v1/status-pages/{id}': async () => ({ params: { id: statusPageId }, body: { title: 'Matrix status' } }),
    'DELETE /api/v1/status-pages/{id}': async () => ({ params: { id: await throwaway.statusPage() } }),
    'GET /api/v1/status-pages/{id}/incidents': async () => ({ params: { id: statusPageId } }),
    'POST /api/v1/status-pages/{id}/incidents': async () => ({
      params: { id: statusPageId },
      body: { title: 'Matrix incident', message: 'Looking into it.' },
    }),
    'POST /api/v1/status-pages/{id}/incidents/{incidentId}/updates': async () => ({
      params: { id: statusPageId, incidentId: statusIncidentId },
      body: { state: 'monitoring', message: 'Watching.' },
    }),
    // Public, no sign-in: every caller reads A's page and may subscribe a webhook to it.
    'GET /api/v1/status/{slug}': async () => ({ params: { slug: statusSlug } }),
    'POST /api/v1/status/{slug}/subscriptions': async () => ({
      params: { slug: statusSlug },
      body: { webhook_url: webhookUrl() },
    }),
    'GET /status/{slug}': async () => ({ params: { slug: statusSlug } }),
    'GET /status/{slug}/feed.atom': async () => ({ params: { slug: statusSlug } }),
    'GET /status/{slug}/badge/{file}': async () => ({ params: { slug: statusSlug, file: 'uptime.svg' } }),
    'GET /status/{slug}/unsubscribe/{token}': async () => ({ params: { slug: statusSlug, token: 'made-up' } }),
    // Tokens nobody was mailed: 400 for everyone (the token is the only credential).
    'POST /status/{slug}/unsubscribe/{token}': async () => ({ params: { slug: statusSlug, token: 'made-up' } }),
    'GET /status/{slug}/confirm/{token}': async () => ({ params: { slug: statusSlug, token: 'made-up' } }),
    'GET /status/{slug}/unsubscribe': async () => ({ params: { slug: statusSlug }, query: { token: 'made-up' } }),
    'POST /status/{slug}/unsubscribe': async () => ({ params: { slug: statusSlug }, query: { token: 'made-up' } }),
    'GET /status/{slug}/confirm': async () => ({ params: { slug: statusSlug }, query: { token: 'made-up' } }),
  };

  const acceptOf = (row: MatrixRow): string =>
    row.path === '/' ? 'text/html' : row.path.startsWith('/api/v1/') ? 'application/json' : '*/*';

  /** Runs one cell; returns what was wrong with it (nothing: []). */
  const runCell = async (
    row: { key: string; method: string; path: string; accept: string },
    caller: Caller,
    expected: number[],
    /** Path parameters to send instead of the prepared ones (unknown or malformed ids). */
    replace: Record<string, string> = {},
  ): Promise<Mismatch[]> => {
    const prepared: Prepared = preparers[row.key] ? await preparers[row.key]!(caller, expected[0]!) : {};
    const isPublic = row.path.includes('{token}');
    const params: Record<string, string> = {
      ...(row.path.startsWith('/api/v1/servers/{id}') ? { id: serverId } : {}),
      ...(isPublic ? { token: publicPathToken(caller) } : {}),
      ...prepared.params,
      ...replace,
    };
    let path = row.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${row.key}: no value for {${name}}`);
      return encodeURIComponent(value);
    });
    if (prepared.query) path += `?${new URLSearchParams(prepared.query).toString()}`;
    // On a public route the share caller's credential is the path; everyone else also sends their usual headers.
    const credentials = isPublic && caller === 'share' ? {} : credentialsOf(caller);
    const got = await send(row.method, path, {
      ...credentials,
      ...(prepared.token ? { token: prepared.token } : {}),
      body: prepared.body,
      accept: row.accept,
    });
    await prepared.cleanup?.(got);

    const problems: string[] = [];
    const code = typeof got.body?.error?.code === 'string' ? (got.body.error.code as string) : '';
    const said = code ? ` ${code}: ${String(got.body.error.message).slice(0, 90)}` : '';
    if (!expected.includes(got.status))
      problems.push(`${got.status}${said}${got.status >= 500 ? ' (a 5xx answer)' : ''}`);
    else if (REFUSAL_CODE[got.status] && code !== REFUSAL_CODE[got.status] && /^\/api\//i.test(row.path))
      problems.push(`${got.status} with code ${code || '(none)'} instead of ${REFUSAL_CODE[got.status]}`);
    for (const secret of secrets)
      if (got.text.includes(secret))
        problems.push(`${got.status}: the answer carries a secret of the set-up (${secret.slice(0, 8)}…)`);
    if (caller === 'otherAdmin' || caller === 'otherAdminInA')
      for (const id of idsOfA)
        if (got.text.includes(id)) problems.push(`${got.status}: the answer carries ${id} of organisation A`);
    const shown = Object.keys(replace).length > 0 ? `${row.method} ${path}` : row.key;
    return problems.map((problem) => ({
      route: shown,
      caller,
      expected: expected.join(' or '),
      got: problem,
    }));
  };

  const fail = (title: string, mismatches: Mismatch[]): void => {
    if (mismatches.length > 0)
      throw new Error(`${mismatches.length} cell(s) of ${title} are wrong:\n\n${renderTable(mismatches)}\n`);
  };

  beforeAll(async () => {
    db = stack.db = await createTestDatabase();
    // The poller fills every kind of sample within seconds on the Team plan (plans are data).
    await setPlanIntervals(db.url, 2, ['team']);
    // The dashboard the api-gateway serves (GET / and other HTML navigations).
    webDir = mkdtempSync(join(tmpdir(), 'gsm-authz-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>dashboard</title>');
    [sim, receiver, stack.messaging] = await Promise.all([
      SimulatorProcess.start(['--count', '6', '--seed', '17']),
      HttpReceiver.start({ name: 'webhooks' }),
      connectTestMessaging(prefix, 'test'),
    ]);
    stack.sim = sim;
    for (const s of sim.servers) secrets.add(s.admin_password);
    const [, port] = await Promise.all([
      stack.start('billing-limits'),
      // The matrix tries hundreds of invalid share tokens from one address: the share API's abuse limits
      // (public-share-abuse.e2e-spec.ts) are raised so that each cell shows the authorisation answer, not 429.
      stack.start('api-gateway', {
        WEB_DIST: webDir,
        SHARE_UNKNOWN_PER_ADDRESS: '100000',
        SHARE_RATE_PER_ADDRESS: '100000',
        PASSWORD_RESET_MAX_PER_ADDRESS: '100000',
      }),
      stack.start('poller', { POLLER_LEADER_TTL_MS: '3000', POLLER_TIMEOUT_MS: '2000' }),
      stack.start('alerting', { ALERTING_LEADER_TTL_MS: '3000' }),
    ]);
    base = `http://127.0.0.1:${port}`;

    const [admin, viewer, operator, otherAdmin, login] = await Promise.all(
      ['admin', 'viewer', 'operator', 'other', 'login'].map(register),
    );
    Object.assign(accounts, {
      admin: admin!,
      viewer: viewer!,
      operator: operator!,
      otherAdmin: otherAdmin!,
      login: login!,
    });
    orgA = admin!.orgId;
    // Both organisations on Team: members with roles, API tokens, share links and every kind of channel.
    await asAdmin('PUT', '/api/v1/billing/subscription', { plan: 'team' });
    await must(
      200,
      send('PUT', '/api/v1/billing/subscription', { token: otherAdmin!.token, body: { plan: 'team' } }),
      "B's plan",
    );
    // Both with the SSO add-on: the single sign-on set-up answers its authorisation, not the plan gate.
    await asAdmin('PUT', '/api/v1/billing/sso-addon', { enabled: true });
    await must(
      200,
      send('PUT', '/api/v1/billing/sso-addon', { token: otherAdmin!.token, body: { enabled: true } }),
      "B's SSO add-on",
    );
    for (const role of ['viewer', 'operator'] as const)
      await joinByInvitation({
        baseUrl: base,
        databaseUrl: db.url,
        admin: accounts.admin,
        member: accounts[role],
        role,
      });

    serverId = (await asAdmin('POST', '/api/v1/servers', serverBody(0))).body.id;
    for (const scope of ['servers:read', 'servers:write', 'metrics:read', 'alerts:read', 'alerts:write']) {
      const res = await asAdmin('POST', '/api/v1/tokens', { name: scope, scopes: [scope] });
      apiTokens[scope] = res.body.token;
      secrets.add(res.body.token);
      idsOfA.add(res.body.id);
    }
    const share = await asAdmin('POST', `/api/v1/servers/${serverId}/shares`, { kind: 'dashboard' });
    shareToken = share.body.token;
    secrets.add(shareToken);
    ruleId = (await asAdmin('POST', `/api/v1/servers/${serverId}/alert-rules`, { kind: 'player_joined' })).body.id;
    const channel = await asAdmin('POST', '/api/v1/notification-channels', {
      kind: 'webhook',
      name: 'Matrix hook',
      config: { url: webhookUrl() },
    });
    channelId = channel.body.id;
    secrets.add(channel.body.signing_secret);
    const silence = await asAdmin('POST', '/api/v1/silences', {
      server_id: serverId,
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // An incident of A's server with one delivery, as alerting would have written them.
    [{ id: incidentId }] = (await sql<{ id: string }>(
      db.url,
      `INSERT INTO incidents (org_id, server_id, rule_id, state, summary, resolved_at, rule_kind, rule_name)
       VALUES ($1, $2, $3, 'resolved', 'Matrix incident', now(), 'player_joined', 'Matrix rule') RETURNING id`,
      [orgA, serverId, ruleId],
    )) as [{ id: string }];
    await sql(
      db.url,
      `INSERT INTO deliveries (incident_id, channel_id, event, status, org_id, sent_at) VALUES ($1, $2, 'fired', 'sent', $3, now())`,
      [incidentId, channelId, orgA],
    );
    statusSlug = slugOf('matrix-status');
    statusPageId = (
      await asAdmin('POST', '/api/v1/status-pages', { slug: statusSlug, title: 'Matrix', server_ids: [serverId] })
    ).body.id;
    statusIncidentId = (
      await asAdmin('POST', `/api/v1/status-pages/${statusPageId}/incidents`, { title: 'Matrix', message: 'Seen.' })
    ).body.id;
    for (const id of [orgA, serverId, share.body.id, ruleId, channelId, silence.body.id, incidentId, statusPageId])
      idsOfA.add(id as string);
    for (const role of ['admin', 'viewer', 'operator'] as const) {
      idsOfA.add(accounts[role].userId);
      idsOfA.add(accounts[role].email);
    }
    // Every metrics route of A's server answers 200 once the poller stored each kind.
    await eventually(
      async () => {
        const kinds = await sql<{ kind: string }>(db.url, 'SELECT kind FROM latest WHERE server_id = $1', [serverId]);
        return KINDS.every((k) => kinds.some((r) => r.kind === k));
      },
      90_000,
      250,
    );
    // The kinds the simulator does not serve (yet) are stored as the poller stores them, so that their routes have
    // data to answer 200 with too.
    const polled = await sql<{ kind: string }>(db.url, 'SELECT kind FROM latest WHERE server_id = $1', [serverId]);
    const missing = ADDON_KINDS.filter((k) => !polled.some((r) => r.kind === k));
    if (missing.length > 0) await storePolls(db.url, serverId, orgA, new Date(), { kinds: missing });
  }, 240_000);

  afterAll(async () => {
    await receiver?.close();
    await stack.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('the matrix has a row for every operation of the OpenAPI document, and no row the service does not serve', async () => {
    const doc = await send('GET', '/api/docs.json');
    expect(doc.status).toBe(200);
    const documented = Object.entries(doc.body.paths as Record<string, Json>).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((m) => HTTP_METHODS.has(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const inMatrix = rows.map((r) => r.key);
    const problems = [
      ...documented.filter((k) => !inMatrix.includes(k)).map((k) => `${k}: in the OpenAPI document, not in the matrix`),
      ...inMatrix
        .filter((k) => !documented.includes(k) && !NOT_IN_DOCUMENT.includes(k))
        .map((k) => `${k}: in the matrix, not in the OpenAPI document (nor listed in NOT_IN_DOCUMENT)`),
      ...NOT_IN_DOCUMENT.filter((k) => documented.includes(k)).map(
        (k) => `${k}: listed in NOT_IN_DOCUMENT, but documented`,
      ),
      ...NOT_IN_DOCUMENT.filter((k) => !inMatrix.includes(k)).map(
        (k) => `${k}: listed in NOT_IN_DOCUMENT, no matrix row`,
      ),
      ...Object.keys(preparers)
        .filter((k) => !inMatrix.includes(k))
        .map((k) => `${k}: a cell preparer for a route the matrix does not have`),
    ];
    expect(problems).toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(60);
    // The leak checks of every cell have something to look for.
    expect(secrets.size).toBeGreaterThan(15);
    expect(idsOfA.size).toBeGreaterThan(15);
  });

  for (const group of groups) {
    const groupRows = rows.filter((r) => r.group === group);
    it(`${group}: ${groupRows.length} route(s) × ${CALLERS.length} callers`, async () => {
      const mismatches: Mismatch[] = [];
      for (const row of groupRows)
        for (const caller of CALLERS)
          mismatches.push(...(await runCell({ ...row, accept: acceptOf(row) }, caller, [row.expect[caller]])));
      fail(group, mismatches);
    }, 120_000);
  }

  it('an unknown or malformed id answers 404, exactly like the id of another organisation', async () => {
    const mismatches: Mismatch[] = [];
    for (const row of rows.filter((r) => r.path.includes('{')))
      for (const name of [...row.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))
        for (const value of [randomUUID(), 'not-an-id'])
          for (const caller of ['admin', 'share'] as const)
            if (row.expect[caller] !== 401)
              mismatches.push(
                ...(await runCell({ ...row, accept: acceptOf(row) }, caller, [404], {
                  [name]: name === 'token' ? `gsm_p_${value}` : value,
                })),
              );
    fail('the unknown ids', mismatches);
  }, 60_000);

  it('other spellings of a path are not routed (404): routes are case-sensitive, as proxies and Ingresses are', async () => {
    const mismatches: Mismatch[] = [];
    for (const variant of PATH_VARIANTS) {
      const canonical = rows.find((r) => r.key === variant.of);
      if (!canonical) throw new Error(`no matrix row ${variant.of}`);
      const row = { key: `GET ${variant.path}`, method: 'GET', path: variant.path, accept: 'application/json' };
      for (const caller of CALLERS) mismatches.push(...(await runCell(row, caller, [404])));
    }
    fail('the path spellings', mismatches);
  }, 60_000);
});

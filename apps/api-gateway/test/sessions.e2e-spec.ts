import { connectTestMessaging, createTestDatabase, ServiceStack } from '@app/testing';
import { RealtimeClient } from '../../realtime-gateway/test/realtime-client';

const SECRETS_KEY = Buffer.alloc(32, 23).toString('base64');
const PASSWORD = 'correct horse battery';
/** The shortest idle timeout there is (SESSION_IDLE_TIMEOUT_MINUTES=1), so the idle test waits about a minute. */
const IDLE_MS = 60_000;
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0 laptop';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari phone';

interface Answer {
  status: number;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

interface SessionRow {
  id: string;
  created_at: string;
  last_used_at: string;
  ip: string | null;
  user_agent: string | null;
  expires_at: string;
  current: boolean;
}

/**
 * A user's sessions against two api-gateway replicas (requests alternate between them): the list with this device
 * marked, signing one out and everywhere (refused at once on both replicas, although each had the token cached),
 * the idle timeout, and never another user's session.
 */
describe('sessions: list, sign out one, sign out everywhere, idle timeout (two api-gateway replicas)', () => {
  const stack = new ServiceStack({ SECRETS_KEY, SESSION_IDLE_TIMEOUT_MINUTES: '1' });
  const replicas: string[] = [];
  let realtimePort = 0;
  let n = 0;
  const email = (name: string) => `${name}${++n}-${stack.prefix}@example.com`;
  /** Sessions of the idle test, signed in while the replicas start so the other tests use up part of the wait. */
  let sleeper = { regular: '', idle: '', signedInAt: 0, idleSignInBegan: 0 };
  /** Live connections of the two sessions, opened at once: a live connection is no use of the API. */
  const live: { regular?: RealtimeClient; idle?: RealtimeClient; idleEndedAt?: number } = {};
  const liveSessionEnd = {
    signed_out: { reason: 'signed_out', message: expect.stringMatching(/signed out/) },
    expired: { reason: 'expired', message: expect.stringMatching(/expired/) },
  };

  const call = async (
    base: string,
    method: string,
    path: string,
    options: { token?: string; body?: unknown; agent?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.agent) headers['User-Agent'] = options.agent;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : null };
  };
  const [first, second] = [() => replicas[0]!, () => replicas[1]!];

  const register = async (address: string): Promise<void> => {
    const res = await call(first(), 'POST', '/api/v1/auth/register', {
      body: { email: address, password: PASSWORD, name: 'Pioneer' },
    });
    expect(res.status).toBe(202);
  };
  const signIn = async (address: string, agent: string, base = first()): Promise<string> => {
    const res = await call(base, 'POST', '/api/v1/auth/login', { body: { email: address, password: PASSWORD }, agent });
    expect(res.status).toBe(200);
    return res.body.token as string;
  };
  const sessionsOf = async (token: string, base = first()): Promise<SessionRow[]> => {
    const res = await call(base, 'GET', '/api/v1/me/sessions', { token });
    expect(res.status).toBe(200);
    return res.body as SessionRow[];
  };
  /** The token's answer to GET /api/v1/me on each replica. */
  const statusEverywhere = async (token: string): Promise<number[]> =>
    Promise.all(replicas.map(async (base) => (await call(base, 'GET', '/api/v1/me', { token })).status));
  const auditActions = async (token: string) => {
    const res = await call(first(), 'GET', '/api/v1/audit?limit=50', { token });
    expect(res.status).toBe(200);
    return res.body.items as { action: string; target: { type: string; id: string } | null; details: object }[];
  };

  beforeAll(async () => {
    stack.db = await createTestDatabase();
    stack.messaging = await connectTestMessaging(stack.prefix, 'test');
    await stack.start('billing-limits');
    for (let i = 0; i < 2; i++) replicas.push(`http://127.0.0.1:${await stack.start('api-gateway')}`);
    realtimePort = await stack.start('realtime-gateway');
    const address = email('sleeper');
    await register(address);
    const regular = await signIn(address, LAPTOP);
    const idleSignInBegan = Date.now();
    sleeper = { regular, idle: await signIn(address, PHONE), signedInAt: Date.now(), idleSignInBegan };
    live.regular = await RealtimeClient.connect(realtimePort, { token: sleeper.regular });
    live.idle = await RealtimeClient.connect(realtimePort, { token: sleeper.idle });
    live.idle.socket.on('session.ended.v1', () => (live.idleEndedAt ??= Date.now()));
  }, 120_000);

  afterAll(async () => {
    live.regular?.close();
    live.idle?.close();
    await stack.close();
  });

  it('lists every session of the user with address, user agent and expiry, the current one marked, no token', async () => {
    const address = email('lister');
    await register(address);
    const laptop = await signIn(address, LAPTOP);
    const phone = await signIn(address, PHONE, second());

    const fromLaptop = await sessionsOf(laptop);
    expect(fromLaptop).toHaveLength(2);
    const [newest, older] = fromLaptop;
    expect(newest).toMatchObject({ user_agent: PHONE, current: false, ip: expect.stringMatching(/127\.0\.0\.1/) });
    expect(older).toMatchObject({ user_agent: LAPTOP, current: true });
    for (const row of fromLaptop) {
      expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.parse(row.created_at));
      expect(Date.parse(row.last_used_at)).toBeGreaterThanOrEqual(Date.parse(row.created_at));
    }
    // The other device, on the other replica, sees the same two with itself marked.
    const fromPhone = await sessionsOf(phone, second());
    expect(fromPhone.map((s) => [s.id, s.current])).toEqual([
      [newest!.id, true],
      [older!.id, false],
    ]);
    const text = JSON.stringify([fromLaptop, fromPhone]);
    expect(text).not.toContain(laptop);
    expect(text).not.toContain(phone);
  });

  it('signing out the other device refuses its token at once on both replicas (both had it cached); audited', async () => {
    const address = email('revoker');
    await register(address);
    const laptop = await signIn(address, LAPTOP);
    const phone = await signIn(address, PHONE);
    expect(await statusEverywhere(phone)).toEqual([200, 200]);
    const phoneId = (await sessionsOf(laptop)).find((s) => !s.current)!.id;
    const [phoneLive, laptopLive] = await Promise.all(
      [phone, laptop].map((token) => RealtimeClient.connect(realtimePort, { token })),
    );

    expect((await call(first(), 'DELETE', `/api/v1/me/sessions/${phoneId}`, { token: laptop })).status).toBe(204);
    expect(await statusEverywhere(phone)).toEqual([401, 401]);
    // Its open live connection is told why and closed; the laptop's stays.
    expect(await phoneLive!.next('session.ended.v1')).toEqual(liveSessionEnd.signed_out);
    expect(await phoneLive!.disconnected()).toBe('io server disconnect');
    expect(laptopLive!.events('session.ended.v1')).toEqual([]);
    expect(laptopLive!.socket.connected).toBe(true);
    phoneLive!.close();
    laptopLive!.close();
    expect(await statusEverywhere(laptop)).toEqual([200, 200]);
    expect((await sessionsOf(laptop, second())).map((s) => s.id)).not.toContain(phoneId);
    // Already signed out: nothing left to revoke.
    const again = await call(second(), 'DELETE', `/api/v1/me/sessions/${phoneId}`, { token: laptop });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('NotFound');

    const entry = (await auditActions(laptop)).find((e) => e.action === 'session.revoked');
    expect(entry).toMatchObject({ target: { type: 'session', id: phoneId }, details: { current: false } });
    expect(JSON.stringify(entry)).not.toContain(phone);
  });

  it("another user's session id answers 404 and that session keeps working; a malformed id 404 too", async () => {
    const [mine, theirs] = [email('me'), email('them')];
    await register(mine);
    await register(theirs);
    const myToken = await signIn(mine, LAPTOP);
    const theirToken = await signIn(theirs, PHONE);
    const theirId = (await sessionsOf(theirToken))[0]!.id;

    const res = await call(first(), 'DELETE', `/api/v1/me/sessions/${theirId}`, { token: myToken });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NotFound', message: 'session not found' });
    expect(await statusEverywhere(theirToken)).toEqual([200, 200]);
    expect((await sessionsOf(myToken)).map((s) => s.id)).not.toContain(theirId);
    expect((await call(second(), 'DELETE', '/api/v1/me/sessions/not-an-id', { token: myToken })).status).toBe(404);
  });

  it('signing out everywhere refuses every session of the user at once on both replicas, this one included', async () => {
    const address = email('everywhere');
    await register(address);
    const laptop = await signIn(address, LAPTOP);
    const phone = await signIn(address, PHONE, second());
    const other = email('other');
    await register(other);
    const otherToken = await signIn(other, LAPTOP);
    expect(await statusEverywhere(laptop)).toEqual([200, 200]);
    expect(await statusEverywhere(phone)).toEqual([200, 200]);
    const [laptopLive, phoneLive, otherLive] = await Promise.all(
      [laptop, phone, otherToken].map((token) => RealtimeClient.connect(realtimePort, { token })),
    );

    expect((await call(second(), 'POST', '/api/v1/me/sessions/revoke-all', { token: phone })).status).toBe(204);
    expect(await statusEverywhere(laptop)).toEqual([401, 401]);
    expect(await statusEverywhere(phone)).toEqual([401, 401]);
    expect(await statusEverywhere(otherToken)).toEqual([200, 200]);
    // Every live connection of the user ends with the reason; another user's stays.
    for (const client of [laptopLive!, phoneLive!]) {
      expect(await client.next('session.ended.v1')).toEqual(liveSessionEnd.signed_out);
      expect(await client.disconnected()).toBe('io server disconnect');
      client.close();
    }
    expect(otherLive!.events('session.ended.v1')).toEqual([]);
    expect(otherLive!.socket.connected).toBe(true);
    otherLive!.close();

    // Signed in again: a new session; the log of the personal organisation has the sign-out.
    const again = await signIn(address, LAPTOP);
    expect(await sessionsOf(again)).toHaveLength(1);
    const entry = (await auditActions(again)).find((e) => e.action === 'session.revoked_all');
    expect(entry).toMatchObject({ target: null, details: { sessions: 2 } });
  });

  it('the idle timeout: a session in regular use survives it, one left unused is refused on both replicas and its live connection ends', async () => {
    // Used every 10 s, alternating replicas, until the idle one's deadline (and the 10 s cache bound) are past.
    while (Date.now() < sleeper.signedInAt + IDLE_MS + 5_000) {
      expect(await statusEverywhere(sleeper.regular)).toEqual([200, 200]);
      await new Promise((resolve) => setTimeout(resolve, 10_000));
    }
    expect(await statusEverywhere(sleeper.idle)).toEqual([401, 401]);
    expect(await statusEverywhere(sleeper.regular)).toEqual([200, 200]);
    const left = await sessionsOf(sleeper.regular);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ user_agent: LAPTOP, current: true });
    // Its use was recorded (at most once per touch interval, not per request).
    expect(Date.parse(left[0]!.last_used_at) - Date.parse(left[0]!.created_at)).toBeGreaterThan(IDLE_MS / 2);
    // Its live connection, open since the sign-in, was ended by the realtime-gateway once the session went idle (not
    // before its deadline, at most one check interval, 15 s at this timeout, after it); the regular one's stays.
    expect(await live.idle!.next('session.ended.v1', undefined, 30_000)).toEqual(liveSessionEnd.expired);
    expect(await live.idle!.disconnected()).toBe('io server disconnect');
    expect(live.idleEndedAt!).toBeGreaterThanOrEqual(sleeper.idleSignInBegan + IDLE_MS);
    expect(live.idleEndedAt!).toBeLessThan(sleeper.signedInAt + IDLE_MS + 15_000 + 5_000);
    expect(live.regular!.events('session.ended.v1')).toEqual([]);
    expect(live.regular!.socket.connected).toBe(true);
    // The realtime-gateway applies the same rule at its handshake: no live data for the idle session either.
    const refusal = await RealtimeClient.refused(realtimePort, { token: sleeper.idle });
    expect(refusal).toMatchObject({ message: 'This session has expired.', data: { code: 'Unauthenticated' } });
    (await RealtimeClient.connect(realtimePort, { token: sleeper.regular })).close();
  }, 120_000);
});

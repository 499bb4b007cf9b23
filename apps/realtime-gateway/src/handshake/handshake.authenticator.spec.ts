import { ManualClock } from '@app/platform';
import { newBearerToken } from '@app/secrets';
import type { AccessRepository, SessionRow, ShareRow } from './access.repository';
import type { EntitlementsClient } from './entitlements.client';
import { HandshakeAuthenticator } from './handshake.authenticator';
import type { HandshakeRefusal } from './handshake-refusal';

const ORG = '0190f5f0-0000-7000-8000-00000000000a';
const EXPIRES = new Date('2026-11-22T10:00:00.000Z');

function authenticatorAt(clock: ManualClock, rows: { session?: SessionRow; share?: ShareRow }) {
  const access = {
    sessionByHash: async () => rows.session ?? null,
    shareByHash: async () => rows.share ?? null,
    isMember: async () => true,
    personalOrganisation: async () => ORG,
  } as unknown as AccessRepository;
  const entitlements = { shareLinksAllowed: async () => true } as unknown as EntitlementsClient;
  return new HandshakeAuthenticator(access, entitlements, clock, { SESSION_IDLE_TIMEOUT_MINUTES: 60 });
}

const handshakeWith = (token: string) => ({ auth: { token }, headers: {} });
const outcomeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: HandshakeRefusal) => error.outcome,
  );

describe('HandshakeAuthenticator, on the injected clock', () => {
  it('accepts a session until the instant it expires, and refuses it from then on', async () => {
    const clock = new ManualClock(EXPIRES.getTime() - 1);
    const session: SessionRow = {
      id: 's',
      userId: 'u',
      createdAt: new Date(EXPIRES.getTime() - 86_400_000),
      lastUsedAt: new Date(EXPIRES.getTime() - 60_000),
      expiresAt: EXPIRES,
      revokedAt: null,
      userDisabledAt: null,
    };
    const authenticator = authenticatorAt(clock, { session });
    const { token } = newBearerToken('session');
    await expect(authenticator.authenticate(handshakeWith(token))).resolves.toMatchObject({
      kind: 'session',
      orgId: ORG,
      expiresAt: EXPIRES,
    });
    clock.advance(1);
    await expect(outcomeOf(authenticator.authenticate(handshakeWith(token)))).resolves.toBe('expired');
  });

  it('refuses a session unused for SESSION_IDLE_TIMEOUT_MINUTES, as expired, counting from its last use', async () => {
    const usedAt = new Date('2026-11-22T09:00:00.000Z');
    const clock = new ManualClock(usedAt.getTime() + 60 * 60_000 - 1);
    const session: SessionRow = {
      id: 's',
      userId: 'u',
      createdAt: new Date('2026-11-21T10:00:00.000Z'),
      lastUsedAt: usedAt,
      expiresAt: new Date('2026-12-01T10:00:00.000Z'),
      revokedAt: null,
      userDisabledAt: null,
    };
    const authenticator = authenticatorAt(clock, { session });
    const { token } = newBearerToken('session');
    await expect(outcomeOf(authenticator.authenticate(handshakeWith(token)))).resolves.toBe('accepted');
    clock.advance(1);
    await expect(outcomeOf(authenticator.authenticate(handshakeWith(token)))).resolves.toBe('expired');
  });

  it('accepts a share link until its expiry (and one without an expiry for ever)', async () => {
    const clock = new ManualClock(EXPIRES.getTime() - 1);
    const share: ShareRow = { id: 'l', orgId: ORG, serverId: 'srv', expiresAt: EXPIRES, revokedAt: null };
    const { token } = newBearerToken('share');
    const expiring = authenticatorAt(clock, { share });
    const forever = authenticatorAt(clock, { share: { ...share, expiresAt: null } });
    await expect(outcomeOf(expiring.authenticate(handshakeWith(token)))).resolves.toBe('accepted');
    clock.advance(1);
    await expect(outcomeOf(expiring.authenticate(handshakeWith(token)))).resolves.toBe('expired');
    clock.advance(10 * 365 * 86_400_000);
    await expect(outcomeOf(forever.authenticate(handshakeWith(token)))).resolves.toBe('accepted');
  });
});

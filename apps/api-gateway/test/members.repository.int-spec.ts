import { randomUUID } from 'node:crypto';
import { PrismaService } from '@app/database';
import { createTestDatabase, seedAccount, sql, type TestDatabase } from '@app/testing';
import { MembersRepository } from '../src/org/members.repository';

/** MembersRepository on a real, migrated PostgreSQL: memberships, invitations, and the admin lock. */
describe('MembersRepository (PostgreSQL)', () => {
  let db: TestDatabase;
  let prisma: PrismaService;
  let repository: MembersRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = new PrismaService({ url: db.url, poolSize: 4, applicationName: 'api-gateway-test' });
    await prisma.$connect();
    repository = new MembersRepository(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  const newUser = async (): Promise<{ id: string; email: string }> => {
    const id = randomUUID();
    const email = `${id}@example.com`;
    await sql(db.url, `INSERT INTO users (id, email, name, password_hash) VALUES ($1, $2, 'Member', 'x')`, [id, email]);
    return { id, email };
  };
  const addMember = (orgId: string, userId: string, role: string) =>
    sql(db.url, `INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $2, $3::membership_role)`, [
      orgId,
      userId,
      role,
    ]);
  const roleOf = async (orgId: string, email: string) => (await repository.invitee(orgId, email))?.role ?? null;

  it('lists members with their e-mail and the owner; an invitee is known by e-mail with its language and role', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'team');
    const other = await newUser();
    expect(await repository.invitee(orgId, other.email)).toEqual({ locale: null, role: null });
    expect(await repository.invitee(orgId, 'nobody@example.com')).toBeNull();
    await addMember(orgId, other.id, 'operator');
    expect(await repository.invitee(orgId, other.email)).toEqual({ locale: null, role: 'operator' });
    const members = await repository.members(orgId);
    expect(members.map((m) => [m.userId, m.role])).toEqual([
      [userId, 'admin'],
      [other.id, 'operator'],
    ]);
    expect(members[1]).toMatchObject({ email: other.email, name: 'Member', joinedAt: expect.any(Date), owner: false });
    expect(members[0]!.owner).toBe(true);
  });

  it('invitations: pending until expired, found by token hash, accepted once, not withdrawn after', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'team');
    const invited = await newUser();
    const now = new Date();
    const invitation = await repository.createInvitation({
      orgId,
      email: invited.email,
      role: 'viewer',
      tokenHash: `hash-${randomUUID()}`,
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    expect(await repository.pendingInvitations(orgId, now)).toEqual([invitation]);
    expect(await repository.pendingInvitations(orgId, new Date(now.getTime() + 60_000))).toEqual([]);
    const hash = (
      await sql<{ token_hash: string }>(db.url, 'SELECT token_hash FROM invitations WHERE id = $1', [invitation.id])
    )[0]!.token_hash;
    const grant = await repository.invitationByToken(hash);
    expect(grant).toMatchObject({ id: invitation.id, orgId, organisationName: 'Pioneer', acceptedAt: null });
    expect(await repository.acceptInvitation(grant!, invited.id, now)).toBe(true);
    expect(await repository.acceptInvitation(grant!, invited.id, now)).toBe(false);
    expect(await roleOf(orgId, invited.email)).toBe('viewer');
    expect(await repository.revokeInvitation(orgId, invitation.id, now)).toBe(false);
    expect(await repository.invitationByToken('unknown')).toBeNull();
  });

  it('a withdrawn invitation is no longer pending', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'team');
    const now = new Date();
    const invitation = await repository.createInvitation({
      orgId,
      email: 'someone@example.com',
      role: 'operator',
      tokenHash: `hash-${randomUUID()}`,
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + 60_000),
    });
    expect(await repository.revokeInvitation(randomUUID(), invitation.id, now)).toBe(false);
    expect(await repository.revokeInvitation(orgId, invitation.id, now)).toBe(true);
    expect(await repository.pendingInvitations(orgId, now)).toEqual([]);
  });

  it('a re-invite withdraws the pending invitation of the e-mail; a renewal only when it was last sent long enough ago', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'team');
    const now = new Date();
    const input = {
      orgId,
      email: 'again@example.com',
      role: 'viewer' as const,
      invitedBy: userId,
      expiresAt: new Date(now.getTime() + 60_000),
      sentAt: now,
    };
    const first = await repository.replaceInvitation({ ...input, tokenHash: `hash-${randomUUID()}` });
    const second = await repository.replaceInvitation({ ...input, tokenHash: `hash-${randomUUID()}` });
    expect(await repository.pendingInvitations(orgId, now)).toEqual([second]);
    expect(await repository.pendingInvitation(orgId, first.id, now)).toBeNull();
    const pending = await repository.pendingInvitation(orgId, second.id, now);
    expect(pending).toMatchObject({ id: second.id, sentAt: now });
    const later = new Date(now.getTime() + 1000);
    const renewal = { tokenHash: `hash-${randomUUID()}`, expiresAt: new Date(now.getTime() + 120_000), sentAt: later };
    expect(await repository.renewInvitation(second.id, new Date(now.getTime() - 1), renewal)).toBe(false);
    expect(await repository.renewInvitation(second.id, now, renewal)).toBe(true);
    // Sent again at `later`: a second renewal that read the earlier time does not send another.
    expect(await repository.renewInvitation(second.id, now, renewal)).toBe(false);
    expect(await repository.invitationByToken(renewal.tokenHash)).toMatchObject({ id: second.id });
  });

  it('under the admin lock: sees the owner, changes a role, removes a member and revokes their tokens', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'team');
    const other = await newUser();
    await addMember(orgId, other.id, 'admin');
    await sql(
      db.url,
      `INSERT INTO api_tokens (org_id, user_id, name, prefix, token_hash) VALUES ($1, $2, 'ci', 'gsm_a_x', $3)`,
      [orgId, other.id, `hash-${randomUUID()}`],
    );
    const owner = await repository.withLockedAdmins(orgId, async (locked) => {
      expect(locked.adminCount).toBe(2);
      return locked.member(userId);
    });
    expect(owner).toEqual({
      role: 'admin',
      email: `${userId}@example.com`,
      ownsPersonalOrganisation: true,
      owner: true,
    });
    await repository.withLockedAdmins(orgId, (locked) => locked.setRole(other.id, 'operator'));
    const at = new Date('2026-03-01T10:00:00Z');
    await repository.withLockedAdmins(orgId, async (locked) => {
      expect(locked.adminCount).toBe(1);
      expect(await locked.member(other.id)).toMatchObject({
        role: 'operator',
        ownsPersonalOrganisation: false,
        owner: false,
      });
      await locked.remove(other.id);
      await locked.revokeTokens(other.id, at);
    });
    expect(await roleOf(orgId, other.email)).toBeNull();
    const tokens = await sql<{ revoked_at: Date }>(db.url, 'SELECT revoked_at FROM api_tokens WHERE user_id = $1', [
      other.id,
    ]);
    expect(tokens.map((t) => t.revoked_at.toISOString())).toEqual([at.toISOString()]);
  });

  it('two admins demoting each other at once: the lock serialises them, one admin stays', async () => {
    const { orgId, userId } = await seedAccount(db.url, 'team');
    const other = await newUser();
    await addMember(orgId, other.id, 'admin');
    const demote = (target: string) =>
      repository.withLockedAdmins(orgId, async (locked) => {
        if (locked.adminCount <= 1) throw new Error('last admin');
        await new Promise((r) => setTimeout(r, 200));
        await locked.setRole(target, 'viewer');
      });
    const results = await Promise.allSettled([demote(userId), demote(other.id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const admins = await sql(db.url, `SELECT 1 FROM memberships WHERE org_id = $1 AND role = 'admin'`, [orgId]);
    expect(admins).toHaveLength(1);
  });
});

import { hashToken, newBearerToken } from '@app/secrets';
import { markEmailVerified } from './accounts';
import { sql } from './fixtures';

/** Who joins, and whose organisation: sessions (or API tokens) of the api-gateway. */
export interface JoinByInvitation {
  baseUrl: string;
  /** The test's database: the invitation's token is set there (the real one is only in the mail). */
  databaseUrl: string;
  admin: { token: string; orgId?: string };
  member: { token: string; email: string };
  role: 'admin' | 'operator' | 'viewer';
}

async function call(
  url: string,
  token: string,
  body: unknown,
  orgId?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      ...(orgId ? { 'X-Org-Id': orgId } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * Gives a stored invitation a token the test knows (the real one is only in the invitation mail) and returns it:
 * for tests about something else than the mail. invitations.e2e-spec.ts follows the real mail.
 */
export async function knownInvitationToken(databaseUrl: string, invitationId: string): Promise<string> {
  const { token } = newBearerToken('invitation');
  await sql(databaseUrl, 'UPDATE invitations SET token_hash = $2 WHERE id = $1', [invitationId, hashToken(token)]);
  return token;
}

/**
 * Makes an account a member the only way there is (issue 22): the admin invites its e-mail (POST /org/members) and
 * the account accepts (POST /invitations/accept), signed in, its address verified. Tests that are not about the
 * mail skip reading it: the invitation's stored hash is replaced by the hash of a token this helper knows, and the
 * address is marked verified in the database. invitations.e2e-spec.ts follows the real mail. Throws on any refusal.
 */
export async function joinByInvitation(join: JoinByInvitation): Promise<{ organisation: { id: string } }> {
  const invited = await call(
    `${join.baseUrl}/api/v1/org/members`,
    join.admin.token,
    { email: join.member.email, role: join.role },
    join.admin.orgId,
  );
  if (invited.status !== 201)
    throw new Error(`inviting ${join.member.email} answered ${invited.status}: ${JSON.stringify(invited.body)}`);
  const id = (invited.body.invitation as { id: string }).id;
  const token = await knownInvitationToken(join.databaseUrl, id);
  await markEmailVerified(join.databaseUrl, join.member.email);
  const accepted = await call(`${join.baseUrl}/api/v1/invitations/accept`, join.member.token, { token });
  if (accepted.status !== 200)
    throw new Error(`accepting as ${join.member.email} answered ${accepted.status}: ${JSON.stringify(accepted.body)}`);
  return accepted.body as { organisation: { id: string } };
}

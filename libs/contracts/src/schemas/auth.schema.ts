import { z } from 'zod';
import { Timestamp } from './common.schema';

/**
 * A bearer token stopped working (sign-out or API token revoked): every api-gateway replica drops it from its
 * cache at once. Carries the SHA-256 of the token (what is stored), never the token.
 */
export const CredentialRevoked = z.object({
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  occurredAt: Timestamp,
});
export type CredentialRevoked = z.infer<typeof CredentialRevoked>;

/**
 * A user's membership of an organisation changed (role changed, or removed): every api-gateway and
 * realtime-gateway replica drops what it cached of that user's access to the organisation at once.
 */
export const MembershipChanged = z.object({
  orgId: z.uuid(),
  userId: z.uuid(),
  /** The new role; null when the member was removed. */
  role: z.enum(['admin', 'operator', 'viewer']).nullable(),
  occurredAt: Timestamp,
});
export type MembershipChanged = z.infer<typeof MembershipChanged>;

/** A share link was revoked: every replica stops honouring it at once. Carries the token's SHA-256 only. */
export const ShareRevoked = z.object({
  tokenHash: z.string().regex(/^[0-9a-f]{64}$/),
  serverId: z.uuid(),
  occurredAt: Timestamp,
});
export type ShareRevoked = z.infer<typeof ShareRevoked>;

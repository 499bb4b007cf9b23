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

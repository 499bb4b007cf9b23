import type { RealtimeConnectError } from '@app/contracts';

/** Why a handshake was refused (the `outcome` label of gsm_realtime_handshakes_total). */
export type RefusalOutcome =
  | 'missing_token'
  | 'invalid_token'
  | 'revoked'
  | 'expired'
  | 'disabled'
  | 'not_member'
  | 'not_in_plan'
  | 'unavailable'
  | 'rate_limited';

/** The Error a refused handshake ends with: Socket.IO sends its message and `data` to the client (`connect_error`). */
export interface ConnectError extends Error {
  data: RealtimeConnectError;
}

/** A refused handshake: a sentence for the user, a stable code and a remedy. Never carries the token. */
export class HandshakeRefusal extends Error {
  constructor(
    readonly outcome: RefusalOutcome,
    readonly code: RealtimeConnectError['code'],
    message: string,
    readonly remedy: string,
  ) {
    super(message);
    this.name = 'HandshakeRefusal';
  }

  /** The error handed to Socket.IO's `next()`: only the message and `data` reach the client. */
  toConnectError(): ConnectError {
    return Object.assign(new Error(this.message), { data: { code: this.code, remedy: this.remedy } });
  }
}

const SIGN_IN = 'Sign in again; the dashboard then connects with the new session.';
const NEW_LINK = 'Ask the owner of the server for a new link.';

/** Every refusal the gateway gives, in one place so the wording stays consistent. */
export const Refusals = {
  missingToken: () =>
    new HandshakeRefusal(
      'missing_token',
      'Unauthenticated',
      'No access token was sent: a realtime connection needs a dashboard session or a share link token.',
      'Sign in, or open the share link again.',
    ),
  invalidToken: () =>
    new HandshakeRefusal(
      'invalid_token',
      'Unauthenticated',
      'The access token is not a valid dashboard session or share link.',
      'Sign in again, or open the share link again.',
    ),
  unknownSession: () =>
    new HandshakeRefusal('invalid_token', 'Unauthenticated', 'This session is not valid (unknown session).', SIGN_IN),
  revokedSession: () =>
    new HandshakeRefusal('revoked', 'Unauthenticated', 'This session was signed out and no longer works.', SIGN_IN),
  expiredSession: () => new HandshakeRefusal('expired', 'Unauthenticated', 'This session has expired.', SIGN_IN),
  disabledUser: () =>
    new HandshakeRefusal(
      'disabled',
      'Unauthenticated',
      'This account is disabled.',
      "Contact your organisation's administrator or support.",
    ),
  unknownOrganisation: () =>
    new HandshakeRefusal(
      'not_member',
      'NotFound',
      'The requested organisation was not found among your memberships.',
      'Pick one of your organisations, or ask its administrator for an invitation.',
    ),
  noPersonalOrganisation: () =>
    new HandshakeRefusal(
      'not_member',
      'NotFound',
      'This account has no personal organisation to act in.',
      'Connect with the id of one of your organisations (auth.orgId).',
    ),
  unknownShare: () =>
    new HandshakeRefusal('invalid_token', 'Unauthenticated', 'This share link is not valid (unknown link).', NEW_LINK),
  revokedShare: () =>
    new HandshakeRefusal('revoked', 'Unauthenticated', 'This share link was revoked by its owner.', NEW_LINK),
  expiredShare: () => new HandshakeRefusal('expired', 'Unauthenticated', 'This share link has expired.', NEW_LINK),
  shareNotInPlan: () =>
    new HandshakeRefusal(
      'not_in_plan',
      'Forbidden',
      "This share link is switched off: the owner's plan no longer includes share links.",
      'Ask the owner of the server to upgrade the plan or to share the dashboard another way.',
    ),
  /** Too many handshakes from the client's address: the client retries later (as for ServiceUnavailable). */
  rateLimited: (retryAfterSeconds: number) =>
    new HandshakeRefusal(
      'rate_limited',
      'ServiceUnavailable',
      'Too many connection attempts from this address.',
      `Try again in ${retryAfterSeconds} seconds.`,
    ),
  unavailable: () =>
    new HandshakeRefusal(
      'unavailable',
      'ServiceUnavailable',
      'The realtime service cannot check access right now.',
      'Try again in a few seconds.',
    ),
} as const;

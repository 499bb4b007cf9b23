import type { SessionEndReason } from '@app/contracts';

/** The sentence sent with `session.ended.v1` for each reason: what the user sees. */
export const SESSION_END_MESSAGES: Readonly<Record<SessionEndReason, string>> = {
  signed_out: 'This session was signed out. Sign in again to keep watching your servers.',
  expired: 'Your session has expired. Sign in again to keep watching your servers.',
  membership_removed: 'You were removed from this organisation, so its servers are no longer shown.',
  share_revoked: 'This share link was revoked by its owner.',
  share_expired: 'This share link has expired.',
  plan_changed: "This share link is switched off: the owner's plan no longer includes share links.",
  server_removed: 'The shared server was deleted by its owner.',
};

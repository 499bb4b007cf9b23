import type { Locale } from '@app/contracts';
import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { hashToken, newBearerToken } from '../auth/bearer-tokens';
import type { Principal, Role } from '../auth/principal';
import { BillingClient } from '../billing/billing.client';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { AccountMailer } from '../mail/account-mailer';
import { invitationMail } from './invitation-mail';
import { SecondFactorGate } from '../two-factor/second-factor.gate';
import { MembersRepository, type InvitationGrant, type InvitationRecord } from './members.repository';
import { requireRolesPlan } from './roles-plan';

export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;
/** The least time between two mails of one invitation (a resend): an admin cannot flood an address. */
export const RESEND_INTERVAL_MS = 60_000;
/** Where the invitation mail's link leads (the dashboard's accept page; the token in the fragment). */
export const ACCEPT_PATH = '/invitations/accept';

/** A pending invitation as the API shows it (never its token: that is only in the mail). */
export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  expires_at: string;
}

export const invitationView = (i: InvitationRecord): InvitationView => ({
  id: i.id,
  email: i.email,
  role: i.role,
  created_at: i.createdAt.toISOString(),
  expires_at: i.expiresAt.toISOString(),
});

/** Why an invitation token no longer works; each is a 404 with its own message. */
const unusable = (reason: 'unknown' | 'used' | 'revoked' | 'expired') =>
  new ApiError(
    'NotFound',
    {
      unknown: 'this invitation is not valid (unknown token)',
      used: 'this invitation was already accepted',
      revoked: 'this invitation was withdrawn by an admin of the organisation',
      expired: 'this invitation has expired',
    }[reason],
    reason === 'used'
      ? 'An invitation joins once: if it was you, the organisation is in your list already.'
      : 'Ask an admin of the organisation for a new invitation.',
    { reason },
  );

/**
 * Membership only by consent (issue 22): an admin invites an e-mail, the invitation is mailed, and the person joins
 * by accepting it while signed in with that address, verified. The answer to an invite is the same whether or not
 * the address has an account, and the token is only ever in the mail.
 */
@Injectable()
export class InvitationsService {
  constructor(
    private readonly repository: MembersRepository,
    private readonly billing: BillingClient,
    private readonly mailer: AccountMailer,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly twoFactor: SecondFactorGate,
  ) {}

  /** Invites an e-mail (replacing its pending invitation here) and mails the link; an existing member is a 409. */
  async invite(caller: Principal, input: { email: string; role: Role }) {
    const email = input.email.toLowerCase();
    await requireRolesPlan(this.billing, caller.orgId);
    const invitee = await this.repository.invitee(caller.orgId, email);
    // The admin sees the members anyway: saying one is a member already reveals nothing about other accounts.
    if (invitee?.role)
      throw new ApiError('Conflict', `${email} is already a member (${invitee.role})`, 'Change the role instead.');
    const { token, hash } = newBearerToken('invitation');
    const now = this.clock.now();
    const invitation = await this.repository.replaceInvitation({
      orgId: caller.orgId,
      email,
      role: input.role,
      tokenHash: hash,
      invitedBy: caller.userId,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      sentAt: now,
    });
    await this.audit.record(
      caller,
      'member.invited',
      { type: 'invitation', id: invitation.id },
      { email, role: input.role },
    );
    const mailSent = await this.mail(caller, invitation, token, invitee?.locale ?? null);
    return { status: 'invited' as const, invitation: invitationView(invitation), mail_sent: mailSent, ...sent(email) };
  }

  /** Mails a pending invitation again with a new link (the previous link stops working) and a new expiry. */
  async resend(caller: Principal, id: string) {
    if (!isUuid(id)) throw ApiError.notFound('invitation');
    const now = this.clock.now();
    const pending = await this.repository.pendingInvitation(caller.orgId, id, now);
    if (!pending) throw ApiError.notFound('invitation');
    const wait = pending.sentAt.getTime() + RESEND_INTERVAL_MS - now.getTime();
    if (wait > 0) throw tooSoon(wait);
    const { token, hash } = newBearerToken('invitation');
    const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
    const renewal = { tokenHash: hash, expiresAt, sentAt: now };
    if (!(await this.repository.renewInvitation(id, new Date(now.getTime() - RESEND_INTERVAL_MS), renewal)))
      throw tooSoon(RESEND_INTERVAL_MS);
    const invitation = { ...pending, expiresAt };
    await this.audit.record(caller, 'invitation.resent', { type: 'invitation', id }, { email: pending.email });
    const invitee = await this.repository.invitee(caller.orgId, pending.email);
    const mailSent = await this.mail(caller, invitation, token, invitee?.locale ?? null);
    return {
      status: 'invited' as const,
      invitation: invitationView(invitation),
      mail_sent: mailSent,
      ...sent(pending.email),
    };
  }

  async revoke(caller: Principal, id: string): Promise<void> {
    if (!isUuid(id)) throw ApiError.notFound('invitation');
    if (!(await this.repository.revokeInvitation(caller.orgId, id, this.clock.now())))
      throw ApiError.notFound('invitation');
    await this.audit.record(caller, 'invitation.revoked', { type: 'invitation', id });
  }

  /**
   * Joins the organisation of an invitation: the one place that decides whether a person may join (signed in with
   * the invited address, that address verified, the plan still has roles). A further condition goes here.
   */
  async accept(caller: Principal, token: string) {
    const invitation = await this.repository.invitationByToken(hashToken(token));
    this.requireUsable(invitation);
    if (invitation.email !== caller.email)
      throw new ApiError(
        'Forbidden',
        'this invitation is for another e-mail address',
        'Sign in with the e-mail address the invitation was sent to, then open its link again.',
        { reason: 'other_email' },
      );
    // The principal is cached for seconds: an address verified just now (another tab) is read from the database.
    if (!caller.emailVerified && !(await this.repository.emailVerified(caller.userId)))
      throw new ApiError(
        'Forbidden',
        'your e-mail address is not verified yet',
        'Open the link of the verification mail we sent you (or send it again from your account), then accept.',
        { reason: 'email_unverified' },
      );
    // The plan may have changed since the invitation was made (a downgrade below Team): no seat with a role then.
    await requireRolesPlan(
      this.billing,
      invitation.orgId,
      'Ask an admin of the organisation to upgrade to Team or Enterprise, then accept the invitation again.',
    );
    // An organisation that requires two factors admits only members who have one.
    await this.twoFactor.assertMayJoin(caller.userId, invitation.orgId);
    if (!(await this.repository.acceptInvitation(invitation, caller.userId, this.clock.now())))
      throw new ApiError('Conflict', 'this invitation was just used', 'Reload your organisations.');
    await this.audit.record(
      { userId: caller.userId, orgId: invitation.orgId },
      'member.joined',
      { type: 'user', id: caller.userId },
      { email: caller.email, role: invitation.role, invitation_id: invitation.id },
    );
    return { organisation: { id: invitation.orgId, name: invitation.organisationName }, role: invitation.role };
  }

  private requireUsable(invitation: InvitationGrant | null): asserts invitation is InvitationGrant {
    if (!invitation) throw unusable('unknown');
    if (invitation.acceptedAt) throw unusable('used');
    if (invitation.revokedAt) throw unusable('revoked');
    if (invitation.expiresAt <= this.clock.now()) throw unusable('expired');
  }

  private async mail(caller: Principal, invitation: InvitationRecord, token: string, locale: Locale | null) {
    const context = await this.repository.inviteContext(caller.orgId, caller.userId);
    const mail = invitationMail({
      to: invitation.email,
      ...context,
      role: invitation.role,
      link: this.mailer.link(ACCEPT_PATH, token),
      token,
      expiresAt: invitation.expiresAt,
      locale,
    });
    return this.mailer.deliver(mail, 'invitation');
  }
}

const sent = (email: string) => ({
  remedy: `An invitation was mailed to ${email}. They join after accepting it, signed in with that address, within ${INVITATION_DAYS} days.`,
});

const tooSoon = (waitMs: number) =>
  new ApiError(
    'TooManyRequests',
    'this invitation was sent less than a minute ago',
    `Wait ${Math.ceil(waitMs / 1000)} s before sending it again.`,
    { retry_after_seconds: Math.max(1, Math.ceil(waitMs / 1000)) },
  );

import { Clock } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../http/api-error';
import { AccountMailer } from '../mail/account-mailer';
import { AccountThrottles } from '../throttle/account-throttles';
import { accountMail, accountMailPage } from './account-mails';
import { checkAccountToken, hashAccountToken, newAccountToken } from './account-tokens';
import { AccountTokensRepository, type MailUser } from './account-tokens.repository';
import type { Principal } from './principal';

/** How long a verification link works. */
export const VERIFY_TTL_MS = 24 * 3_600_000;

/**
 * E-mail verification: the mail a new account gets (a single-use link, stored hashed, 24 h), its use, resends on
 * request (throttled), and the check in front of what only a verified account may do.
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger(EmailVerificationService.name);

  constructor(
    private readonly repository: AccountTokensRepository,
    private readonly mailer: AccountMailer,
    private readonly throttles: AccountThrottles,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends a new account its verification mail in the background: sign-up answers before it, and the same way for
   * an e-mail that already had an account (which gets no mail).
   */
  startFor(userId: string): void {
    void (async () => {
      const user = await this.repository.userById(userId);
      if (user) await this.send(user);
    })().catch((error: unknown) =>
      this.logger.error({ err: (error as Error).message }, 'verification mail of a new account not sent'),
    );
  }

  /** Verifies the e-mail of the token's account (single use); 400 LinkInvalid, 410 LinkExpired. */
  async verify(token: string): Promise<{ status: 'verified' }> {
    const now = this.clock.now();
    const row = await this.repository.find(hashAccountToken(token));
    checkAccountToken(row, 'verify_email', now);
    if (!(await this.repository.consume(row.id, now))) checkAccountToken({ ...row, usedAt: now }, 'verify_email', now);
    await this.repository.markVerified(row.userId, now);
    const orgId = await this.repository.personalOrgId(row.userId);
    if (orgId)
      await this.audit.record({ userId: row.userId, orgId }, 'user.email_verified', { type: 'user', id: row.userId });
    return { status: 'verified' };
  }

  /** Sends the signed-in user a new verification mail (the older link stops working); 409 when already verified. */
  async resend(caller: Principal): Promise<{ status: 'accepted' }> {
    const user = await this.repository.userById(caller.userId);
    if (!user) throw new Error(`user ${caller.userId} not found`);
    if (user.emailVerifiedAt)
      throw new ApiError('Conflict', 'your e-mail address is verified already', 'Nothing to do: carry on.');
    await this.throttles.beforeVerificationResend(caller.userId);
    await this.send(user);
    await this.audit.record(caller, 'user.verification_resent', { type: 'user', id: caller.userId });
    return { status: 'accepted' };
  }

  /**
   * Refuses (403 EmailNotVerified) what an unverified account may not do. The stored state decides, not the
   * cached principal, so a link opened a moment ago counts at once.
   */
  async require(caller: Principal, what: string): Promise<void> {
    if (caller.emailVerified || (await this.repository.emailVerified(caller.userId))) return;
    throw new ApiError(
      'EmailNotVerified',
      `verify your e-mail address before you ${what}`,
      'Open the link in the mail we sent you, or resend it from the dashboard (POST /api/v1/auth/verify-email/resend).',
    );
  }

  private async send(user: MailUser): Promise<void> {
    const { token, hash } = newAccountToken();
    const now = this.clock.now();
    await this.repository.issue(user.id, 'verify_email', hash, new Date(now.getTime() + VERIFY_TTL_MS), now);
    const link = this.mailer.link(accountMailPage('verify'), token);
    await this.mailer.deliver(accountMail('verify', user.email, user.locale, token, link), 'verification');
  }
}

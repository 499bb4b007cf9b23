import { Clock } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { ApiError } from '../http/api-error';
import { AccountMailer } from '../mail/account-mailer';
import { AccountThrottles } from '../throttle/account-throttles';
import { AuthThrottles } from '../throttle/auth-throttles';
import { accountMail, accountMailPage } from './account-mails';
import { checkAccountToken, hashAccountToken, newAccountToken } from './account-tokens';
import { AccountTokensRepository } from './account-tokens.repository';
import { AuthService, type ClientMeta } from './auth.service';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';
import type { Principal } from './principal';

/** How long a password reset link works. */
export const RESET_TTL_MS = 30 * 60_000;

/** Password reset by e-mail and password change; both end sessions on every replica at once. */
@Injectable()
export class PasswordService {
  private readonly logger = new Logger(PasswordService.name);

  constructor(
    private readonly repository: AccountTokensRepository,
    private readonly auth: AuthService,
    private readonly mailer: AccountMailer,
    private readonly accountThrottles: AccountThrottles,
    private readonly authThrottles: AuthThrottles,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /**
   * Mails a reset link (single use, 30 min; older links stop working) when the e-mail has an account. The answer
   * and the work before it are the same either way: a token is made for both, the mail goes out in the background.
   */
  async requestReset(input: { email: string }, meta: ClientMeta): Promise<{ status: 'accepted' }> {
    const email = input.email.toLowerCase();
    await this.accountThrottles.beforePasswordReset(email, meta.ip);
    const { token, hash } = newAccountToken();
    const user = await this.repository.userByEmail(email);
    if (!user || user.disabledAt) return { status: 'accepted' };
    const now = this.clock.now();
    await this.repository.issue(user.id, 'reset_password', hash, new Date(now.getTime() + RESET_TTL_MS), now);
    const orgId = await this.repository.personalOrgId(user.id);
    if (orgId)
      await this.audit.record({ userId: user.id, orgId }, 'user.password_reset_requested', {
        type: 'user',
        id: user.id,
      });
    const mail = accountMail(
      'reset',
      user.email,
      user.locale,
      token,
      this.mailer.link(accountMailPage('reset'), token),
    );
    void this.mailer.deliver(mail, 'password reset').catch(() => undefined);
    return { status: 'accepted' };
  }

  /**
   * Sets a new password with a reset link (single use): every session of the account ends, here and on every
   * other replica, and the e-mail counts as verified (the link proved it).
   */
  async confirmReset(input: { token: string; password: string }): Promise<void> {
    const now = this.clock.now();
    const row = await this.repository.find(hashAccountToken(input.token));
    checkAccountToken(row, 'reset_password', now);
    const passwordHash = await hashPassword(input.password);
    if (!(await this.repository.consume(row.id, now)))
      checkAccountToken({ ...row, usedAt: now }, 'reset_password', now);
    await this.repository.setPassword(row.userId, passwordHash);
    await this.repository.markVerified(row.userId, now);
    const revoked = await this.repository.revokeSessions(row.userId, now);
    for (const tokenHash of revoked) this.auth.revoked(tokenHash);
    const orgId = await this.repository.personalOrgId(row.userId);
    if (orgId)
      await this.audit.record(
        { userId: row.userId, orgId },
        'user.password_reset',
        { type: 'user', id: row.userId },
        {
          sessions_revoked: revoked.length,
        },
      );
  }

  /**
   * Changes the signed-in user's password after checking the current one (a wrong one counts as a failed sign-in);
   * the user's other sessions end, this one stays.
   */
  async change(caller: Principal, input: { current_password: string; new_password: string }, meta: ClientMeta) {
    await this.authThrottles.beforeSignIn(caller.email, meta.ip);
    const stored = await this.repository.passwordHash(caller.userId);
    const ok = await verifyPassword(input.current_password, stored?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    if (!stored || !ok)
      throw new ApiError(
        'ValidationFailed',
        'the current password is wrong',
        'Type your current password again, or sign out and use "Forgot password?".',
        { fields: [{ field: 'current_password', problem: 'is wrong' }] },
      );
    await this.authThrottles.signedIn(caller.email, meta.ip);
    await this.repository.setPassword(caller.userId, await hashPassword(input.new_password));
    const now = this.clock.now();
    const revoked = await this.repository.revokeSessions(caller.userId, now, caller.sessionId);
    for (const tokenHash of revoked) this.auth.revoked(tokenHash);
    await this.audit.record(
      caller,
      'user.password_changed',
      { type: 'user', id: caller.userId },
      {
        other_sessions_revoked: revoked.length,
      },
    );
    this.logger.log({ userId: caller.userId, sessionsRevoked: revoked.length }, 'password changed');
  }
}

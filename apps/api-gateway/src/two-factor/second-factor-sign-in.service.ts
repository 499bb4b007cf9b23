import { Clock } from '@app/platform';
import { hashToken } from '@app/secrets';
import { Injectable } from '@nestjs/common';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AuditService } from '../audit/audit.service';
import { AuthService, type ClientMeta } from '../auth/auth.service';
import { ApiError } from '../http/api-error';
import { AuthThrottles } from '../throttle/auth-throttles';
import { FactorCodes } from './factor-codes';
import { PasskeysService } from './passkeys.service';
import { CHALLENGE_MAX_ATTEMPTS, SECOND_FACTOR } from './second-factor.gate';
import { TwoFactorRepository } from './two-factor.repository';

/** The second step's proof: exactly one of them. */
export type SecondFactorProof =
  | { totp: string; recovery_code?: never; passkey?: never }
  | { recovery_code: string; totp?: never; passkey?: never }
  | { passkey: AuthenticationResponseJSON; totp?: never; recovery_code?: never };

const deadChallenge = () =>
  new ApiError(
    'Unauthenticated',
    'the sign-in challenge is invalid, expired or used up',
    'Sign in again with your e-mail and password.',
  );

/**
 * Finishes a sign-in: the challenge of the password step plus a TOTP code, a recovery code or a passkey's signature
 * give a session. Every try counts against the sign-in throttles (per e-mail and address); the challenge itself
 * dies after CHALLENGE_MAX_ATTEMPTS wrong answers, after 5 minutes, and when used.
 */
@Injectable()
export class SecondFactorSignIn {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly codes: FactorCodes,
    private readonly passkeys: PasskeysService,
    private readonly auth: AuthService,
    private readonly throttles: AuthThrottles,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async complete(challenge: string, proof: SecondFactorProof, meta: ClientMeta) {
    const row = await this.repository.challenge(hashToken(challenge));
    if (!row?.userId || row.kind !== SECOND_FACTOR || row.usedAt || row.expiresAt <= this.clock.now())
      throw deadChallenge();
    const user = await this.repository.signInUser(row.userId);
    if (!user || user.disabledAt) throw deadChallenge();
    await this.throttles.beforeSignIn(user.email, meta.ip);
    const method = await this.check(row.userId, row.webauthnChallenge, proof);
    if (!method) {
      const attempts = await this.repository.failChallenge(row.id, CHALLENGE_MAX_ATTEMPTS, this.clock.now());
      const left = Math.max(0, CHALLENGE_MAX_ATTEMPTS - attempts);
      throw new ApiError(
        'Unauthenticated',
        'the second factor is wrong or no longer valid',
        left > 0
          ? 'Enter the current code of your authenticator app, an unused recovery code, or use your passkey.'
          : 'Too many wrong answers: sign in again with your e-mail and password.',
        { attempts_left: left },
      );
    }
    if (!(await this.repository.consumeChallenge(row.id, this.clock.now()))) throw deadChallenge();
    await this.throttles.signedIn(user.email, meta.ip);
    const session = await this.auth.createSession(row.userId, meta);
    const orgId = await this.repository.personalOrgId(row.userId);
    if (orgId)
      await this.audit.record(
        { userId: row.userId, orgId },
        'sign_in.second_factor',
        { type: 'user', id: row.userId },
        {
          method,
        },
      );
    return session;
  }

  private async check(
    userId: string,
    webauthnChallenge: string | null,
    proof: SecondFactorProof,
  ): Promise<'totp' | 'recovery_code' | 'passkey' | null> {
    if (proof.totp !== undefined) return (await this.codes.useTotp(userId, proof.totp)) ? 'totp' : null;
    if (proof.recovery_code !== undefined)
      return (await this.codes.useRecoveryCode(userId, proof.recovery_code)) ? 'recovery_code' : null;
    if (!webauthnChallenge) return null;
    try {
      await this.passkeys.verifyAssertion(proof.passkey, webauthnChallenge, userId, false);
      return 'passkey';
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ValidationFailed') return null;
      throw error;
    }
  }
}

import { Clock } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { hashRecoveryCode } from './recovery-codes';
import { acceptedTotpStep, looksLikeTotp } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

/** Which kind of code was right. */
export type CodeKind = 'totp' | 'recovery_code';

/**
 * Checks and uses up the codes of a user's authenticator: a TOTP code (once: its step is remembered) or a recovery
 * code (once: marked used, audited). The TOTP secret is opened only here.
 */
@Injectable()
export class FactorCodes {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The secret of the user's authenticator (pending or confirmed), sealed to their id. */
  openSecret(userId: string, sealed: Uint8Array): string {
    return this.box.open(sealed, `totp:${userId}`);
  }

  sealSecret(userId: string, secret: string): Uint8Array {
    return new Uint8Array(this.box.seal(secret, `totp:${userId}`));
  }

  /** A confirmed authenticator's current code, used up; false when wrong, replayed or without an authenticator. */
  async useTotp(userId: string, code: string): Promise<boolean> {
    const totp = await this.repository.totp(userId);
    if (!totp?.confirmedAt) return false;
    const step = acceptedTotpStep(this.openSecret(userId, totp.secretEnc), code, this.clock.nowMs(), totp.lastUsedStep);
    return step !== null && (await this.repository.useTotpStep(userId, step));
  }

  /** An unused recovery code, used up and audited in the user's personal organisation. */
  async useRecoveryCode(userId: string, code: string): Promise<boolean> {
    if (!(await this.repository.useRecoveryCode(userId, hashRecoveryCode(code), this.clock.now()))) return false;
    const orgId = await this.repository.personalOrgId(userId);
    const remaining = await this.repository.unusedRecoveryCodes(userId);
    if (orgId)
      await this.audit.record(
        { userId, orgId },
        'two_factor.recovery_code_used',
        { type: 'user', id: userId },
        {
          remaining,
        },
      );
    return true;
  }

  /** Either kind: six digits are a TOTP code, anything else a recovery code. */
  async use(userId: string, code: string): Promise<CodeKind | null> {
    if (looksLikeTotp(code)) return (await this.useTotp(userId, code)) ? 'totp' : null;
    return (await this.useRecoveryCode(userId, code)) ? 'recovery_code' : null;
  }
}

import { Clock } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { toString as qrCode } from 'qrcode';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { verifyPassword } from '../auth/passwords';
import { ApiError } from '../http/api-error';
import { AuthThrottles } from '../throttle/auth-throttles';
import { FactorCodes } from './factor-codes';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { ISSUER } from './relying-party';
import { SecondFactorGate } from './second-factor.gate';
import { acceptedTotpStep, newTotpSecret, totpUri } from './totp';
import { TwoFactorRepository } from './two-factor.repository';

const wrongCode = () =>
  new ApiError(
    'ValidationFailed',
    'the code is wrong or no longer valid',
    'Enter the 6-digit code your authenticator app shows now (or an unused recovery code).',
    { field: 'code' },
  );

/**
 * The signed-in user's authenticator app (TOTP) and recovery codes: enrol (a pending secret, confirmed by a first
 * code), disable, regenerate the recovery codes. Security events are logged in the user's personal organisation.
 */
@Injectable()
export class TotpService {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly codes: FactorCodes,
    private readonly gate: SecondFactorGate,
    private readonly throttles: AuthThrottles,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** What the Security page shows: the factors, the codes left, the organisations that require two factors. */
  async status(caller: Principal) {
    const [totp, passkeys, remaining, requiredBy] = await Promise.all([
      this.repository.totp(caller.userId),
      this.repository.passkeys(caller.userId),
      this.repository.unusedRecoveryCodes(caller.userId),
      this.repository.orgsRequiringTwoFactor(caller.userId),
    ]);
    return {
      totp_enabled: totp?.confirmedAt != null,
      totp_pending: totp !== null && totp.confirmedAt === null,
      recovery_codes_remaining: totp?.confirmedAt ? remaining : 0,
      passkeys: passkeys.length,
      required_by: requiredBy,
    };
  }

  /** Starts an enrolment: a new secret (pending until confirmed), its otpauth URI and QR code. */
  async start(caller: Principal) {
    const secret = newTotpSecret();
    if (!(await this.repository.startTotp(caller.userId, this.codes.sealSecret(caller.userId, secret))))
      throw new ApiError(
        'Conflict',
        'an authenticator app is already enabled',
        'Disable it first (DELETE /api/v1/me/two-factor/totp) to enrol another one.',
      );
    const uri = totpUri(secret, caller.email, ISSUER);
    const svg = await qrCode(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      secret,
      otpauth_uri: uri,
      qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    };
  }

  /** Confirms the pending secret with a code of it: TOTP is on; the ten recovery codes are answered this once. */
  async confirm(caller: Principal, code: string) {
    const totp = await this.repository.totp(caller.userId);
    if (!totp || totp.confirmedAt)
      throw new ApiError(
        'Conflict',
        totp ? 'the authenticator app is already enabled' : 'no enrolment was started',
        'Start one with POST /api/v1/me/two-factor/totp.',
      );
    const step = acceptedTotpStep(this.codes.openSecret(caller.userId, totp.secretEnc), code, this.clock.nowMs(), null);
    if (step === null) throw wrongCode();
    const recoveryCodes = newRecoveryCodes();
    if (
      !(await this.repository.confirmTotp(caller.userId, step, this.clock.now(), recoveryCodes.map(hashRecoveryCode)))
    )
      throw new ApiError('Conflict', 'the authenticator app was just enabled', 'Reload the page.');
    this.gate.factorsChanged(caller.userId);
    await this.record(caller, 'two_factor.totp_enabled');
    return { recovery_codes: recoveryCodes };
  }

  /** Turns TOTP off (and drops the recovery codes): needs the current password or a valid code. */
  async disable(caller: Principal, proof: { password?: string; code?: string }): Promise<void> {
    const totp = await this.repository.totp(caller.userId);
    if (!totp) throw ApiError.notFound('authenticator app');
    if (totp.confirmedAt) await this.proveIdentity(caller.userId, proof);
    await this.repository.deleteTotp(caller.userId);
    this.gate.factorsChanged(caller.userId);
    if (totp.confirmedAt) await this.record(caller, 'two_factor.totp_disabled');
  }

  /** Ten new recovery codes (the old ones stop working): needs a valid code. */
  async regenerate(caller: Principal, code: string) {
    const totp = await this.repository.totp(caller.userId);
    if (!totp?.confirmedAt)
      throw new ApiError(
        'Conflict',
        'no authenticator app is enabled',
        'Enrol one first: recovery codes come with it.',
      );
    await this.throttles.beforeFactorCode(caller.userId);
    if (!(await this.codes.use(caller.userId, code))) throw wrongCode();
    await this.throttles.factorCodeAccepted(caller.userId);
    const recoveryCodes = newRecoveryCodes();
    await this.repository.replaceRecoveryCodes(caller.userId, recoveryCodes.map(hashRecoveryCode));
    await this.record(caller, 'two_factor.recovery_codes_regenerated');
    return { recovery_codes: recoveryCodes };
  }

  /** Checks the proof to turn the app off, counted by the user's factor-code throttle (shared by the replicas). */
  private async proveIdentity(userId: string, proof: { password?: string; code?: string }): Promise<void> {
    await this.throttles.beforeFactorCode(userId);
    if (await this.proofHolds(userId, proof)) return this.throttles.factorCodeAccepted(userId);
    throw new ApiError(
      'Forbidden',
      proof.code !== undefined ? 'the code is wrong or no longer valid' : 'the password is wrong',
      'Confirm with your current password or a code of your authenticator app.',
    );
  }

  private async proofHolds(userId: string, proof: { password?: string; code?: string }): Promise<boolean> {
    if (proof.code !== undefined && (await this.codes.use(userId, proof.code))) return true;
    if (proof.password === undefined) return false;
    const user = await this.repository.userEmail(userId);
    return user !== null && (await verifyPassword(proof.password, user.passwordHash));
  }

  private async record(
    caller: Principal,
    action: 'two_factor.totp_enabled' | 'two_factor.totp_disabled' | 'two_factor.recovery_codes_regenerated',
  ) {
    const orgId = (await this.repository.personalOrgId(caller.userId)) ?? caller.orgId;
    await this.audit.record({ userId: caller.userId, orgId }, action, { type: 'user', id: caller.userId });
  }
}

import { Clock } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { DuplicateKeyError } from '../common/duplicate-key';
import { ApiError } from '../http/api-error';
import { SecondFactorGate } from './second-factor.gate';
import { TwoFactorRepository, type PasskeyRecord } from './two-factor.repository';
import { WebAuthnChallenges } from './webauthn-challenges';

/** A passkey as the API lists it (never its public key bytes). */
export const passkeyView = (p: PasskeyRecord) => ({
  id: p.id,
  name: p.name,
  created_at: p.createdAt.toISOString(),
  last_used_at: p.lastUsedAt?.toISOString() ?? null,
});

const refused = (what: string) =>
  new ApiError('ValidationFailed', `the passkey ${what}`, 'Try again with the passkey of this site.', {
    field: 'response',
  });

/**
 * Passkeys (WebAuthn, SimpleWebAuthn): registration by the signed-in user, list, rename, remove; and the check of a
 * passkey's signature for a sign-in (passwordless, or the second step after a password). The signature counter must
 * grow (a cloned authenticator is refused) and is stored only if no other sign-in used the same value.
 */
@Injectable()
export class PasskeysService {
  private readonly logger = new Logger(PasskeysService.name);

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly challenges: WebAuthnChallenges,
    private readonly gate: SecondFactorGate,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async registrationOptions(caller: Principal) {
    const [user, existing] = await Promise.all([
      this.repository.userEmail(caller.userId),
      this.repository.passkeys(caller.userId),
    ]);
    const rp = this.gate.relyingParty;
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: caller.email,
      userDisplayName: user?.name ?? caller.email,
      userID: new Uint8Array(Buffer.from(caller.userId.replace(/-/g, ''), 'hex')),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.challenges.issue('passkey_register', options.challenge, caller.userId);
    return options;
  }

  async register(caller: Principal, response: RegistrationResponseJSON, name: string) {
    const challenge = await this.challenges.consume('passkey_register', response, caller.userId);
    const rp = this.gate.relyingParty;
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    }).catch((error: unknown) => {
      this.logger.warn({ err: (error as Error).message }, 'passkey registration refused');
      throw refused(`registration was refused: ${(error as Error).message}`);
    });
    if (!result.verified) throw refused('registration could not be verified');
    const { credential } = result.registrationInfo;
    const added = await this.repository
      .addPasskey({
        userId: caller.userId,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .catch((error: unknown) => {
        if (error instanceof DuplicateKeyError)
          throw new ApiError('Conflict', 'this passkey is already registered', 'Use it, or register another one.');
        throw error;
      });
    this.gate.factorsChanged(caller.userId);
    await this.record(caller.userId, 'passkey.added', added.id, { name });
    return passkeyView(added);
  }

  async list(caller: Principal) {
    return (await this.repository.passkeys(caller.userId)).map(passkeyView);
  }

  async rename(caller: Principal, id: string, name: string) {
    const renamed = await this.repository.renamePasskey(caller.userId, id, name);
    if (!renamed) throw ApiError.notFound('passkey');
    return passkeyView(renamed);
  }

  async remove(caller: Principal, id: string): Promise<void> {
    const removed = await this.repository.deletePasskey(caller.userId, id);
    if (!removed) throw ApiError.notFound('passkey');
    this.gate.factorsChanged(caller.userId);
    await this.record(caller.userId, 'passkey.removed', id, { name: removed.name });
  }

  /** Options of a passwordless sign-in: any discoverable passkey of this site may answer. */
  async signInOptions() {
    const options = await generateAuthenticationOptions({
      rpID: this.gate.relyingParty.id,
      userVerification: 'required',
    });
    await this.challenges.issue('passkey_sign_in', options.challenge, null);
    return options;
  }

  /** A passwordless sign-in's answer: the passkey's user (a passkey with user verification counts as two factors). */
  async verifySignIn(response: AuthenticationResponseJSON): Promise<string> {
    const challenge = await this.challenges.consume('passkey_sign_in', response, null);
    const passkey = await this.verifyAssertion(response, challenge, null, true);
    return passkey.userId;
  }

  /**
   * Checks a passkey's signature of `challenge` (and, when given, that it is one of `userId`'s passkeys), and
   * stores the new counter. Throws 400 ValidationFailed when anything is off.
   */
  async verifyAssertion(
    response: AuthenticationResponseJSON,
    challenge: string,
    userId: string | null,
    requireUserVerification: boolean,
  ): Promise<PasskeyRecord> {
    const passkey = typeof response?.id === 'string' ? await this.repository.passkeyByCredential(response.id) : null;
    if (!passkey || (userId !== null && passkey.userId !== userId)) throw refused('is not registered for an account');
    const rp = this.gate.relyingParty;
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification,
    }).catch((error: unknown) => {
      this.logger.warn({ err: (error as Error).message }, 'passkey sign-in refused');
      throw refused(`signature was refused: ${(error as Error).message}`);
    });
    if (!result.verified) throw refused('signature could not be verified');
    const { newCounter } = result.authenticationInfo;
    if (!(await this.repository.usePasskey(passkey.id, passkey.counter, newCounter, this.clock.now())))
      throw refused('was used by another sign-in at the same time');
    return passkey;
  }

  private async record(userId: string, action: 'passkey.added' | 'passkey.removed', id: string, details: object) {
    const orgId = await this.repository.personalOrgId(userId);
    if (orgId) await this.audit.record({ userId, orgId }, action, { type: 'passkey', id }, { ...details });
  }
}

import { Clock, SERVICE_CONFIG } from '@app/platform';
import { hashToken } from '@app/secrets';
import { Inject, Injectable } from '@nestjs/common';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { randomBytes } from 'node:crypto';
import type { ApiGatewayConfig } from '../app.config';
import type { Principal } from '../auth/principal';
import { PromiseCache } from '../common/promise-cache';
import { ApiError } from '../http/api-error';
import { relyingPartyOf, type RelyingParty } from './relying-party';
import { TwoFactorRepository } from './two-factor.repository';

/** How long the second step of a sign-in may take, and how many wrong codes it survives. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;
export const SECOND_FACTOR = 'second_factor';

/** The answer of POST /auth/login for a user with a second factor: no session yet. */
export interface SecondFactorStep {
  second_factor_required: true;
  challenge: string;
  methods: ('totp' | 'recovery_code' | 'passkey')[];
  expires_at: string;
  passkey_options: Awaited<ReturnType<typeof generateAuthenticationOptions>> | null;
}

const hasAny = (factors: { totp: boolean; passkeys: number }): boolean => factors.totp || factors.passkeys > 0;

/** Routes a member without a second factor may still use in an organisation that requires one: to enrol. */
const ENROLMENT_PATHS = ['/api/v1/me', '/api/v1/auth/'];

const twoFactorRequired = (orgId: string) =>
  new ApiError(
    'TwoFactorRequired',
    'this organisation requires a second factor (an authenticator app or a passkey) and your account has none',
    'Enrol at Settings -> Security (an authenticator app or a passkey), then try again.',
    { org_id: orgId },
  );

/**
 * Where the second factors meet the rest of the gateway: the password sign-in asks it whether a second step is
 * needed, the request guard whether the organisation's "two factors required" policy lets the caller act, and an
 * invitation whether the invitee may join. Depends on the database only, so the auth and org modules can use it.
 */
@Injectable()
export class SecondFactorGate {
  /** `<user>|<org>` -> blocked by the policy; dropped at once when this replica sees a change. */
  private readonly blocked: PromiseCache<boolean>;
  readonly relyingParty: RelyingParty;

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: ApiGatewayConfig,
  ) {
    this.blocked = new PromiseCache<boolean>(10_000, 50_000, clock);
    this.relyingParty = relyingPartyOf(config);
  }

  async hasSecondFactor(userId: string): Promise<boolean> {
    return hasAny(await this.repository.factorsOf(userId));
  }

  /** After a right password: null when the user has no second factor (a session follows), else the second step. */
  async stepFor(userId: string): Promise<SecondFactorStep | null> {
    const factors = await this.repository.factorsOf(userId);
    if (!hasAny(factors)) return null;
    const passkeys = factors.passkeys > 0 ? await this.repository.passkeys(userId) : [];
    const options = passkeys.length
      ? await generateAuthenticationOptions({
          rpID: this.relyingParty.id,
          allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
          userVerification: 'preferred',
        })
      : null;
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.clock.nowMs() + CHALLENGE_TTL_MS);
    await this.repository.createChallenge({
      kind: SECOND_FACTOR,
      tokenHash: hashToken(challenge),
      userId,
      webauthnChallenge: options?.challenge ?? null,
      expiresAt,
    });
    const methods: SecondFactorStep['methods'] = [];
    if (factors.totp) methods.push('totp', 'recovery_code');
    if (options) methods.push('passkey');
    return {
      second_factor_required: true,
      challenge,
      methods,
      expires_at: expiresAt.toISOString(),
      passkey_options: options,
    };
  }

  /** 403 TwoFactorRequired when the organisation requires two factors and the caller has none (enrolment aside). */
  async assertMayAct(principal: Principal, path: string): Promise<void> {
    if (ENROLMENT_PATHS.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`))) return;
    const { orgId, userId } = principal;
    const idpMfa = principal.idpMfaOrgId === orgId;
    if (await this.blocked.get(`${userId}|${orgId}|${idpMfa}`, () => this.policyRefuses(userId, orgId, idpMfa)))
      throw twoFactorRequired(orgId);
  }

  /** Joining an organisation that requires two factors needs one first. */
  async assertMayJoin(userId: string, orgId: string): Promise<void> {
    if (await this.policyRefuses(userId, orgId)) throw twoFactorRequired(orgId);
  }

  /**
   * Whether the organisation requires two factors and the user has none; a session whose identity provider asserted
   * a multi-factor sign-in for this organisation passes while the organisation trusts its provider's MFA.
   */
  private async policyRefuses(userId: string, orgId: string, idpMfa = false): Promise<boolean> {
    if (!(await this.repository.requireTwoFactor(orgId))) return false;
    if (idpMfa && (await this.repository.trustsIdpMfa(orgId))) return false;
    return !(await this.hasSecondFactor(userId));
  }

  /** The user's factors changed: their cached policy answers go (other replicas: within 10 s). */
  factorsChanged(userId: string): void {
    this.blocked.deletePrefix(`${userId}|`);
  }

  /** An organisation's policy changed (rare): every cached answer goes (other replicas: within 10 s). */
  async policyChanged(): Promise<void> {
    await this.blocked.deleteWhere(() => true);
  }
}

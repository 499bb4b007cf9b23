import { Messaging } from '@app/messaging';
import { Clock, SERVICE_CONFIG } from '@app/platform';
import { hashToken, SecretBox } from '@app/secrets';
import { Inject, Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import type { ApiGatewayConfig } from '../app.config';
import { AuditService } from '../audit/audit.service';
import { AuthService, type ClientMeta } from '../auth/auth.service';
import { announceMembershipChange } from '../auth/membership-change';
import { ApiError } from '../http/api-error';
import { IssuerUnusableError, OidcRelyingParty } from './oidc-relying-party';
import { secretContext, ssoAllowed } from './sso-config.service';
import { SsoAccountsRepository } from './sso-accounts.repository';
import { SsoFailure, failureOfGrant, roleFromClaims, idpAssertsMfa } from './sso-outcome';
import { SsoThrottle } from './sso-throttle';
import { SsoRepository, type SsoConfigRecord } from './sso.repository';

const ATTEMPT_TTL_MS = 10 * 60_000;
const verifierContext = (stateHash: string) => `sso-pkce:${stateHash}`;

/** A callback's request: its query (parsed) and its raw query string (openid-client re-reads it). */
export interface CallbackInput {
  query: { code?: string; state?: string; error?: string };
  rawQuery: string;
}

/**
 * The SSO sign-in: authorization code with PKCE (S256), `state` and `nonce` (openid-client checks the ID token's
 * signature against the provider's JWKS, its issuer, audience, expiry and nonce). A success makes a dashboard
 * session for the e-mail of the ID token (just-in-time account and membership when the set-up allows), every
 * failure a `/login?sso_error=<code>` redirect; both are audited.
 */
@Injectable()
export class SsoLoginService {
  private readonly logger = new Logger(SsoLoginService.name);

  constructor(
    private readonly repository: SsoRepository,
    private readonly accounts: SsoAccountsRepository,
    private readonly relyingParty: OidcRelyingParty,
    private readonly throttle: SsoThrottle,
    private readonly box: SecretBox,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly messaging: Messaging,
    private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  /** Finds the organisation by the e-mail's domain and answers the provider's sign-in URL. */
  async start(email: string, meta: ClientMeta, origin: string): Promise<{ redirect_url: string }> {
    const address = email.toLowerCase();
    await this.throttle.beforeStart(address, meta.ip);
    const domain = address.slice(address.lastIndexOf('@') + 1);
    const sso = await this.repository.configByDomain(domain);
    if (!sso || !ssoAllowed(await this.repository.plan(sso.orgId)))
      throw new ApiError(
        'NotFound',
        `no organisation signs in with single sign-on for the e-mail domain ${domain}`,
        'Check the address, or sign in with your password.',
      );
    const client = await this.discover(sso).catch((error: unknown) => {
      if (!(error instanceof IssuerUnusableError)) throw error;
      this.logger.warn({ orgId: sso.orgId, reason: error.reason }, 'SSO provider unusable at sign-in');
      throw new ApiError(
        'ServiceUnavailable',
        "your organisation's identity provider cannot be reached",
        'Try again in a minute; if it persists, tell your organisation admin.',
      );
    });
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const stateHash = hashToken(state);
    await this.repository.createAttempt({
      stateHash,
      orgId: sso.orgId,
      nonce,
      verifierSealed: new Uint8Array(this.box.seal(verifier, verifierContext(stateHash))),
      expiresAt: new Date(this.clock.nowMs() + ATTEMPT_TTL_MS),
    });
    void this.repository.pruneAttempts(new Date(this.clock.nowMs() - 86_400_000)).catch(() => undefined);
    const url = oidc.buildAuthorizationUrl(client, {
      redirect_uri: this.redirectUri(origin),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: address,
    });
    return { redirect_url: url.href };
  }

  /** Completes a sign-in; answers where to send the browser (the session token only ever in a URL fragment). */
  async callback(input: CallbackInput, meta: ClientMeta, origin: string): Promise<string> {
    const base = this.config.PUBLIC_URL ?? origin;
    try {
      const { token, orgId } = await this.complete(input, meta, origin);
      return `${base}/sso/complete#token=${encodeURIComponent(token)}&org=${orgId}`;
    } catch (error) {
      if (!(error instanceof SsoFailure)) throw error;
      this.logger.warn({ orgId: error.orgId, reason: error.code }, 'SSO sign-in refused');
      // Audited in the organisation whose sign-in it was; a callback naming no started sign-in (no or an unknown
      // state) belongs to no organisation and is only logged.
      if (error.orgId)
        await this.audit.record({ userId: error.userId, orgId: error.orgId }, 'sso.login_failed', null, {
          reason: error.code,
          ...error.details,
        });
      return `${base}/login?sso_error=${error.code}`;
    }
  }

  private async complete(input: CallbackInput, meta: ClientMeta, origin: string) {
    const { state, code, error } = input.query;
    if (!state) throw new SsoFailure('invalid_request', null);
    const stateHash = hashToken(state);
    const attempt = await this.repository.attempt(stateHash);
    if (!attempt) throw new SsoFailure('unknown_state', null);
    const orgId = attempt.orgId;
    if (attempt.usedAt || !(await this.repository.useAttempt(attempt.id, this.clock.now())))
      throw new SsoFailure('replayed_state', orgId);
    if (attempt.expiresAt.getTime() <= this.clock.nowMs()) throw new SsoFailure('expired_state', orgId);
    if (error) throw new SsoFailure('idp_error', orgId, { idp_error: error.slice(0, 100) });
    if (!code) throw new SsoFailure('invalid_request', orgId);
    const sso = await this.repository.config(orgId);
    if (!sso) throw new SsoFailure('not_configured', orgId);
    if (!ssoAllowed(await this.repository.plan(orgId))) throw new SsoFailure('not_in_plan', orgId);
    const client = await this.discover(sso).catch((e: unknown) => {
      if (e instanceof IssuerUnusableError) throw new SsoFailure('provider_unreachable', orgId);
      throw e;
    });
    const currentUrl = new URL(`${this.redirectUri(origin)}?${input.rawQuery}`);
    const tokens = await oidc
      .authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: this.box.open(attempt.verifierSealed, verifierContext(stateHash)),
        expectedState: state,
        expectedNonce: attempt.nonce,
        idTokenExpected: true,
      })
      .catch((e: unknown) => {
        throw failureOfGrant(e, orgId);
      });
    const claims = tokens.claims();
    if (!claims) throw new SsoFailure('invalid_token', orgId);
    return this.signIn(sso, claims, meta);
  }

  /** The checked claims become a session: the account and membership found or made, the role mapped. */
  private async signIn(sso: SsoConfigRecord, claims: oidc.IDToken, meta: ClientMeta) {
    const orgId = sso.orgId;
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    if (!email || !email.includes('@')) throw new SsoFailure('missing_email', orgId);
    if (claims.email_verified !== true && !sso.trustUnverifiedEmail)
      throw new SsoFailure('email_unverified', orgId, { email });
    const domain = email.slice(email.lastIndexOf('@') + 1);
    if (!sso.domains.includes(domain)) throw new SsoFailure('domain_not_allowed', orgId, { email });
    const now = this.clock.now();
    let user = await this.accounts.userByEmail(email);
    let createdUser = false;
    if (user?.disabledAt) throw new SsoFailure('account_disabled', orgId, { email }, user.id);
    if (!user) {
      if (!sso.jitMembership) throw new SsoFailure('not_a_member', orgId, { email });
      const name =
        typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split('@')[0]!;
      await this.accounts.createUser(email, name, now).catch(() => undefined);
      user = await this.accounts.userByEmail(email);
      if (!user) throw new SsoFailure('not_a_member', orgId, { email });
      createdUser = true;
    } else await this.accounts.markVerified(user.id, now);
    const mapped = roleFromClaims(sso, claims);
    const membership = await this.accounts.membership(orgId, user.id);
    let role = membership?.role ?? mapped.role;
    if (!membership) {
      if (!sso.jitMembership) throw new SsoFailure('not_a_member', orgId, { email }, user.id);
      await this.accounts.addMember(orgId, user.id, role).catch(() => undefined);
      await announceMembershipChange(
        { auth: this.auth, messaging: this.messaging, clock: this.clock },
        { orgId, userId: user.id, role },
      );
    } else if (mapped.matched && !membership.owner && mapped.role !== membership.role) {
      role = mapped.role;
      await this.accounts.setRole(orgId, user.id, role);
      await announceMembershipChange(
        { auth: this.auth, messaging: this.messaging, clock: this.clock },
        { orgId, userId: user.id, role },
      );
    }
    const idpMfa = idpAssertsMfa(sso, claims);
    const session = await this.auth.createSession(user.id, meta, { method: 'sso', ssoOrgId: orgId, idpMfa });
    await this.audit.record(
      { userId: user.id, orgId },
      'sso.login',
      { type: 'user', id: user.id },
      {
        email,
        role,
        account_created: createdUser,
        joined: !membership,
        idp_mfa: idpMfa,
      },
    );
    return { token: session.token, orgId };
  }

  private discover(sso: SsoConfigRecord) {
    const secret = this.box.open(sso.clientSecretSealed, secretContext(sso.orgId));
    return this.relyingParty.discover(sso.issuer, sso.clientId, secret, this.config.SSO_CLOCK_TOLERANCE_SECONDS);
  }

  private redirectUri(origin: string): string {
    return `${this.config.PUBLIC_URL ?? origin}/api/v1/auth/sso/callback`;
  }
}

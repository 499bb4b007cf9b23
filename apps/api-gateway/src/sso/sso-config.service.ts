import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Inject, Injectable } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { AuditService } from '../audit/audit.service';
import type { Principal } from '../auth/principal';
import { DuplicateKeyError } from '../common/duplicate-key';
import { ApiError } from '../http/api-error';
import { IssuerUnusableError, OidcRelyingParty } from './oidc-relying-party';
import { SsoRepository, type SsoConfigRecord } from './sso.repository';
import type { SsoConfigBody } from './sso.schemas';

/** The associated data of an organisation's sealed client secret: a secret moved to another row does not open. */
export const secretContext = (orgId: string) => `sso-client-secret:${orgId}`;

/** Whether a plan includes SSO: Enterprise always, Team with the add-on, nothing below. */
export function ssoAllowed(plan: { planId: string; ssoAddon: boolean }): boolean {
  return plan.planId === 'enterprise' || (plan.planId === 'team' && plan.ssoAddon);
}

/** Single sign-on set-up of an organisation (Admin): plan gate, provider check, sealed secret, claimed domains. */
@Injectable()
export class SsoConfigService {
  constructor(
    private readonly repository: SsoRepository,
    private readonly relyingParty: OidcRelyingParty,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {}

  async status(caller: Principal, origin: string) {
    const plan = await this.repository.plan(caller.orgId);
    const config = await this.repository.config(caller.orgId);
    const available = ssoAllowed(plan);
    return {
      available,
      plan: plan.planId,
      required_plan: available ? null : plan.planId === 'team' ? 'team+sso_addon' : 'enterprise',
      addon: plan.ssoAddon,
      redirect_uri: this.redirectUri(origin),
      config: config ? this.view(config, origin) : null,
    };
  }

  async save(caller: Principal, body: SsoConfigBody, origin: string) {
    await this.requirePlan(caller.orgId);
    const existing = await this.repository.config(caller.orgId);
    if (!existing && !body.client_secret)
      throw new ApiError(
        'ValidationFailed',
        'client_secret: required when SSO is first set up',
        'Send the client secret the provider issued.',
        {
          fields: [{ field: 'body.client_secret', problem: 'required when SSO is first set up' }],
        },
      );
    const domains = [...new Set(body.domains)];
    const taken = await this.repository.domainsClaimedElsewhere(caller.orgId, domains);
    if (taken.length > 0) throw domainsTaken(taken);
    const secret =
      body.client_secret ?? this.box.open(Buffer.from(existing!.clientSecretSealed), secretContext(caller.orgId));
    try {
      await this.relyingParty.discover(body.issuer, body.client_id, secret, this.config.SSO_CLOCK_TOLERANCE_SECONDS);
    } catch (error) {
      if (!(error instanceof IssuerUnusableError)) throw error;
      throw new ApiError(
        'ValidationFailed',
        `issuer: ${error.reason}`,
        'Give the issuer URL of an OpenID provider; its /.well-known/openid-configuration must be reachable from the platform.',
        { fields: [{ field: 'body.issuer', problem: error.reason }] },
      );
    }
    try {
      await this.repository.save(caller.orgId, {
        issuer: body.issuer,
        clientId: body.client_id,
        clientSecretSealed: body.client_secret
          ? new Uint8Array(this.box.seal(body.client_secret, secretContext(caller.orgId)))
          : null,
        roleClaim: body.role_claim,
        roleMapping: body.role_mapping,
        defaultRole: body.default_role,
        jitMembership: body.jit_membership,
        requireSso: body.require_sso,
        trustUnverifiedEmail: body.trust_unverified_email,
        trustIdpMfa: body.trust_idp_mfa,
        mfaAcrValues: [...new Set(body.mfa_acr_values)],
        domains,
      });
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw domainsTaken(domains);
      throw error;
    }
    await this.audit.record(
      caller,
      'sso.configured',
      { type: 'organisation', id: caller.orgId },
      {
        issuer: body.issuer,
        client_id: body.client_id,
        domains,
        require_sso: body.require_sso,
        jit_membership: body.jit_membership,
        trust_idp_mfa: body.trust_idp_mfa,
        secret_changed: body.client_secret !== undefined,
      },
    );
    return this.view((await this.repository.config(caller.orgId))!, origin);
  }

  async remove(caller: Principal): Promise<void> {
    if (await this.repository.remove(caller.orgId))
      await this.audit.record(caller, 'sso.removed', { type: 'organisation', id: caller.orgId });
  }

  /** Turns the Team plan's SSO add-on on or off (no payment is taken, like plan changes). */
  async setAddon(caller: Principal, enabled: boolean) {
    const plan = await this.repository.plan(caller.orgId);
    if (plan.planId !== 'team')
      throw new ApiError(
        'Conflict',
        plan.planId === 'enterprise'
          ? 'the Enterprise plan includes SSO; there is no add-on to turn on'
          : `the SSO add-on is for the Team plan; this organisation is on ${plan.planId}`,
        plan.planId === 'enterprise'
          ? 'Set up SSO directly.'
          : 'Upgrade to Team (then turn on the add-on) or to Enterprise.',
        { plan: plan.planId },
      );
    await this.repository.setAddon(caller.orgId, enabled);
    await this.audit.record(caller, 'plan.changed', { type: 'organisation', id: caller.orgId }, { sso_addon: enabled });
    return { plan: plan.planId, addon: enabled };
  }

  redirectUri(origin: string): string {
    return `${this.config.PUBLIC_URL ?? origin}/api/v1/auth/sso/callback`;
  }

  private async requirePlan(orgId: string): Promise<void> {
    const plan = await this.repository.plan(orgId);
    if (ssoAllowed(plan)) return;
    const team = plan.planId === 'team';
    throw new ApiError(
      'PlanLimitReached',
      team
        ? 'single sign-on needs the SSO add-on of the Team plan'
        : `single sign-on is not part of the ${plan.planId} plan`,
      team
        ? 'Turn on the SSO add-on (PUT /api/v1/billing/sso-addon) or upgrade to Enterprise.'
        : 'Upgrade to Team with the SSO add-on, or to Enterprise.',
      { plan: plan.planId, required_plan: team ? 'team+sso_addon' : 'team+sso_addon or enterprise' },
    );
  }

  private view(c: SsoConfigRecord, origin: string) {
    return {
      issuer: c.issuer,
      client_id: c.clientId,
      client_secret_set: true as const,
      domains: c.domains,
      role_claim: c.roleClaim,
      role_mapping: c.roleMapping,
      default_role: c.defaultRole,
      jit_membership: c.jitMembership,
      require_sso: c.requireSso,
      trust_unverified_email: c.trustUnverifiedEmail,
      trust_idp_mfa: c.trustIdpMfa,
      mfa_acr_values: c.mfaAcrValues,
      redirect_uri: this.redirectUri(origin),
      updated_at: c.updatedAt.toISOString(),
    };
  }
}

function domainsTaken(domains: string[]): ApiError {
  return new ApiError(
    'Conflict',
    `the e-mail domain ${domains.join(', ')} is already claimed by another organisation's single sign-on`,
    'Use only domains your organisation owns; a domain can sign in through one organisation.',
    { domains },
  );
}

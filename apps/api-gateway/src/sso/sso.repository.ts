import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import { refusingDuplicates } from '../common/duplicate-key';
import type { Role } from '../auth/principal';

/** An organisation's SSO set-up as stored (the client secret still sealed). */
export interface SsoConfigRecord {
  orgId: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: Uint8Array<ArrayBuffer>;
  roleClaim: string | null;
  roleMapping: Record<string, Role>;
  defaultRole: Role;
  jitMembership: boolean;
  requireSso: boolean;
  trustUnverifiedEmail: boolean;
  /** The two-factor policy accepts the provider's multi-factor sign-in. */
  trustIdpMfa: boolean;
  /** acr values meaning a multi-factor sign-in. */
  mfaAcrValues: string[];
  domains: string[];
  updatedAt: Date;
}

/** What is saved: the secret sealed, or null to keep the stored one. */
export interface SsoConfigInput extends Omit<SsoConfigRecord, 'clientSecretSealed' | 'updatedAt' | 'orgId'> {
  clientSecretSealed: Uint8Array<ArrayBuffer> | null;
}

/** A started sign-in, as the callback needs it. */
export interface SsoAttempt {
  id: string;
  orgId: string;
  nonce: string;
  verifierSealed: Uint8Array<ArrayBuffer>;
  expiresAt: Date;
  usedAt: Date | null;
}

const CONFIG_SELECT = {
  orgId: true,
  issuer: true,
  clientId: true,
  clientSecretSealed: true,
  roleClaim: true,
  roleMapping: true,
  defaultRole: true,
  jitMembership: true,
  requireSso: true,
  trustUnverifiedEmail: true,
  trustIdpMfa: true,
  mfaAcrValues: true,
  updatedAt: true,
  domains: { select: { domain: true } },
} as const;

/** sso_configs, sso_domains, sso_login_attempts and the SSO add-on of subscriptions (owner: api-gateway). */
@Injectable()
export class SsoRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The organisation's plan and whether its SSO add-on is on. */
  async plan(orgId: string): Promise<{ planId: string; ssoAddon: boolean }> {
    const row = await this.prisma.subscription.findUnique({
      where: { orgId },
      select: { planId: true, ssoAddon: true },
    });
    return row ?? { planId: 'free', ssoAddon: false };
  }

  async setAddon(orgId: string, enabled: boolean): Promise<void> {
    await this.prisma.subscription.update({ where: { orgId }, data: { ssoAddon: enabled }, select: { orgId: true } });
  }

  async config(orgId: string): Promise<SsoConfigRecord | null> {
    const row = await this.prisma.ssoConfig.findUnique({ where: { orgId }, select: CONFIG_SELECT });
    return row ? toRecord(row) : null;
  }

  /** The set-up of the organisation that claims an e-mail domain. */
  async configByDomain(domain: string): Promise<SsoConfigRecord | null> {
    const row = await this.prisma.ssoDomain.findUnique({
      where: { domain },
      select: { config: { select: CONFIG_SELECT } },
    });
    return row ? toRecord(row.config) : null;
  }

  /** Domains of the list that another organisation already claims. */
  async domainsClaimedElsewhere(orgId: string, domains: string[]): Promise<string[]> {
    const rows = await this.prisma.ssoDomain.findMany({
      where: { domain: { in: domains }, orgId: { not: orgId } },
      select: { domain: true },
    });
    return rows.map((r) => r.domain);
  }

  /** Creates or replaces the set-up and its domains in one transaction; DuplicateKeyError on a domain race. */
  save(orgId: string, input: SsoConfigInput): Promise<void> {
    const { domains, clientSecretSealed, ...fields } = input;
    const data = { ...fields, ...(clientSecretSealed ? { clientSecretSealed } : {}) };
    return refusingDuplicates(() =>
      this.prisma.$transaction(async (tx) => {
        const existing = await tx.ssoConfig.findUnique({ where: { orgId }, select: { orgId: true } });
        if (existing) await tx.ssoConfig.update({ where: { orgId }, data, select: { orgId: true } });
        else if (clientSecretSealed)
          await tx.ssoConfig.create({ data: { orgId, ...fields, clientSecretSealed }, select: { orgId: true } });
        await tx.ssoDomain.deleteMany({ where: { orgId } });
        await tx.ssoDomain.createMany({ data: domains.map((domain) => ({ domain, orgId })) });
      }),
    );
  }

  /** Removes the set-up (its domains go with it); false when there was none. */
  async remove(orgId: string): Promise<boolean> {
    const { count } = await this.prisma.ssoConfig.deleteMany({ where: { orgId } });
    return count > 0;
  }

  async createAttempt(input: {
    stateHash: string;
    orgId: string;
    nonce: string;
    verifierSealed: Uint8Array<ArrayBuffer>;
    expiresAt: Date;
  }): Promise<void> {
    await this.prisma.ssoLoginAttempt.create({ data: input, select: { id: true } });
  }

  attempt(stateHash: string): Promise<SsoAttempt | null> {
    return this.prisma.ssoLoginAttempt.findUnique({
      where: { stateHash },
      select: { id: true, orgId: true, nonce: true, verifierSealed: true, expiresAt: true, usedAt: true },
    });
  }

  /** Marks an attempt used; false when another request used it first (single use even under a race). */
  async useAttempt(id: string, at: Date): Promise<boolean> {
    const { count } = await this.prisma.ssoLoginAttempt.updateMany({
      where: { id, usedAt: null },
      data: { usedAt: at },
    });
    return count === 1;
  }

  /** Forgets attempts that expired a day ago (kept that long so a replay is told apart from a forged state). */
  async pruneAttempts(before: Date): Promise<void> {
    await this.prisma.ssoLoginAttempt.deleteMany({ where: { expiresAt: { lt: before } } });
  }
}

function toRecord(row: {
  orgId: string;
  issuer: string;
  clientId: string;
  clientSecretSealed: Uint8Array;
  roleClaim: string | null;
  roleMapping: unknown;
  defaultRole: Role;
  jitMembership: boolean;
  requireSso: boolean;
  trustUnverifiedEmail: boolean;
  trustIdpMfa: boolean;
  mfaAcrValues: string[];
  updatedAt: Date;
  domains: { domain: string }[];
}): SsoConfigRecord {
  const { domains, roleMapping, clientSecretSealed, ...rest } = row;
  return {
    ...rest,
    clientSecretSealed: new Uint8Array(clientSecretSealed),
    roleMapping: (roleMapping ?? {}) as Record<string, Role>,
    domains: domains.map((d) => d.domain).sort(),
  };
}

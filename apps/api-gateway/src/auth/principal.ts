import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

export type Role = 'admin' | 'operator' | 'viewer';
export const ROLE_RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export const SCOPES = ['servers:read', 'servers:write', 'metrics:read', 'alerts:read', 'alerts:write'] as const;
export type Scope = (typeof SCOPES)[number];

/** Who is calling, and in which organisation. */
export interface Principal {
  kind: 'session' | 'api';
  userId: string;
  email: string;
  /** Whether the user verified their e-mail address (unverified: cannot be invited, get e-mail alerts, make tokens). */
  emailVerified: boolean;
  /** The organisation the request acts in (X-Org-Id, else the personal one; an API token's own organisation). */
  orgId: string;
  role: Role;
  /** An API token's scopes; null for a dashboard session (everything its role allows). */
  scopes: readonly Scope[] | null;
  sessionId: string | null;
  tokenId: string | null;
  tokenHash: string;
  /**
   * The organisation whose identity provider asserted a multi-factor sign-in for this session (and trusts it): its
   * "two factors required" policy asks for no factor of the platform. Null or absent otherwise.
   */
  idpMfaOrgId?: string | null;
}

export interface AccessRule {
  /** Scope an API token needs. */
  scope?: Scope;
  /** Lowest role in the organisation. */
  role?: Role;
}

export const ACCESS = 'gsm:access';
export const PUBLIC = 'gsm:public';

/** What a route needs: an API token scope and a minimum role. */
export const Access = (rule: AccessRule) => SetMetadata(ACCESS, rule);
/** No authentication (sign-up, sign-in). */
export const Public = () => SetMetadata(PUBLIC, true);

export type AuthedRequest = Request & { principal?: Principal };

/** The authenticated caller of this request. */
export const Caller = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<AuthedRequest>().principal;
  if (!principal) throw new Error('route without authentication asked for the caller');
  return principal;
});

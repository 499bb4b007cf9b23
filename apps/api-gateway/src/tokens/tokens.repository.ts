import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** An API token as listed (never its secret). */
export interface ApiTokenRecord {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

/** A live token found for revocation: its hash drops the cached credential everywhere. */
export interface RevocableToken {
  id: string;
  name: string;
  prefix: string;
  tokenHash: string;
}

const LISTED = {
  id: true,
  name: true,
  prefix: true,
  scopes: true,
  createdAt: true,
  expiresAt: true,
  lastUsedAt: true,
} as const;

/** The api_tokens table (owner: api-gateway) as the token routes use it. */
@Injectable()
export class TokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(input: {
    orgId: string;
    userId: string;
    name: string;
    prefix: string;
    tokenHash: string;
    scopes: string[];
    expiresAt: Date | null;
  }): Promise<ApiTokenRecord> {
    return this.prisma.apiToken.create({ data: input, select: LISTED });
  }

  /** The organisation's tokens not revoked, oldest first. */
  listLive(orgId: string): Promise<ApiTokenRecord[]> {
    return this.prisma.apiToken.findMany({
      where: { orgId, revokedAt: null },
      orderBy: { createdAt: 'asc' },
      select: LISTED,
    });
  }

  /** A token of the organisation that is not revoked yet, or null. */
  findLive(orgId: string, id: string): Promise<RevocableToken | null> {
    return this.prisma.apiToken.findFirst({
      where: { id, orgId, revokedAt: null },
      select: { id: true, name: true, prefix: true, tokenHash: true },
    });
  }

  async revoke(id: string, at: Date): Promise<void> {
    await this.prisma.apiToken.update({ where: { id }, data: { revokedAt: at }, select: { id: true } });
  }
}

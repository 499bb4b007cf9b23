import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import { refusingDuplicates } from '../common/duplicate-key';
import type { Role } from '../auth/principal';

/** A password hash that matches no password: an account made by SSO signs in only through its provider. */
const NO_PASSWORD = '!sso-only';

/** The accounts and memberships that an SSO sign-in finds, creates or updates (owner: api-gateway). */
@Injectable()
export class SsoAccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  userByEmail(email: string): Promise<{ id: string; disabledAt: Date | null; emailVerifiedAt: Date | null } | null> {
    return this.prisma.user.findUnique({
      where: { email },
      select: { id: true, disabledAt: true, emailVerifiedAt: true },
    });
  }

  /**
   * A just-in-time account: verified (the provider vouched for the address), no usable password, with its personal
   * organisation like every account. DuplicateKeyError when a concurrent sign-in created it first.
   */
  createUser(email: string, name: string, at: Date): Promise<string> {
    return refusingDuplicates(() =>
      this.prisma.$transaction(async (tx) => {
        const user = await tx.user.create({
          data: { email, name, passwordHash: NO_PASSWORD, emailVerifiedAt: at },
          select: { id: true },
        });
        const org = await tx.organisation.create({
          data: { name: `${name}'s organisation`, personal: true, ownerUserId: user.id },
          select: { id: true },
        });
        await tx.membership.create({ data: { orgId: org.id, userId: user.id, role: 'admin' } });
        return user.id;
      }),
    );
  }

  async markVerified(userId: string, at: Date): Promise<void> {
    await this.prisma.user.updateMany({ where: { id: userId, emailVerifiedAt: null }, data: { emailVerifiedAt: at } });
  }

  async membership(orgId: string, userId: string): Promise<{ role: Role; owner: boolean } | null> {
    const row = await this.prisma.membership.findUnique({
      where: { orgId_userId: { orgId, userId } },
      select: { role: true, organisation: { select: { ownerUserId: true } } },
    });
    return row ? { role: row.role, owner: row.organisation.ownerUserId === userId } : null;
  }

  async addMember(orgId: string, userId: string, role: Role): Promise<void> {
    await refusingDuplicates(() =>
      this.prisma.membership.create({ data: { orgId, userId, role }, select: { orgId: true } }),
    );
  }

  async setRole(orgId: string, userId: string, role: Role): Promise<void> {
    await this.prisma.membership.update({
      where: { orgId_userId: { orgId, userId } },
      data: { role },
      select: { orgId: true },
    });
  }
}

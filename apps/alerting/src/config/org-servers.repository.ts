import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** The organisation's servers, read to check what a rule or silence names (the api-gateway owns the table). */
@Injectable()
export class OrgServersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The server if it belongs to the organisation. */
  find(orgId: string, serverId: string): Promise<{ id: string; name: string } | null> {
    return this.prisma.server.findFirst({ where: { id: serverId, orgId }, select: { id: true, name: true } });
  }
}

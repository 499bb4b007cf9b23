import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** The name a member is shown by on an incident's timeline (users; owner: api-gateway). */
@Injectable()
export class MemberNamesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The user's name, or null when the user is gone. */
  async nameOf(userId: string): Promise<string | null> {
    const user = await this.prisma.user.findUnique({ where: { id: userId }, select: { name: true } });
    return user?.name.trim() || null;
  }
}

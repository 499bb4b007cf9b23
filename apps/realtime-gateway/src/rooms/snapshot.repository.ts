import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A server with its polled state and its `latest` rows, as read for a snapshot. */
export interface SnapshotRows {
  serverId: string;
  orgId: string;
  name: string;
  state: {
    status: string;
    statusSince: Date;
    addonStatus: string;
    addonReason: string | null;
    lastSeenAt: Date | null;
    lastError: string | null;
  } | null;
  latest: { kind: string; time: Date; data: unknown }[];
}

/** Reads servers (owner: api-gateway), server_states and latest (owner: poller) for room joins. */
@Injectable()
export class SnapshotRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The server if it belongs to the organisation (null for another organisation's server, a deleted one or an
   * unknown id: the caller cannot tell them apart), with its state and every `latest` row. Both reads go out at
   * once: a join costs one round trip.
   */
  async read(serverId: string, orgId: string): Promise<SnapshotRows | null> {
    const [server, latest] = await Promise.all([
      this.prisma.server.findFirst({
        where: { id: serverId, orgId },
        select: {
          id: true,
          orgId: true,
          name: true,
          state: {
            select: {
              status: true,
              statusSince: true,
              addonStatus: true,
              addonReason: true,
              lastSeenAt: true,
              lastError: true,
            },
          },
        },
      }),
      this.prisma.latest.findMany({ where: { serverId }, select: { kind: true, time: true, data: true } }),
    ]);
    if (!server) return null;
    return { serverId: server.id, orgId: server.orgId, name: server.name, state: server.state, latest };
  }
}

import { Db, PrismaService } from '@app/database';
import { SAMPLE_KINDS, snapshotJson } from '@app/samples';
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

/**
 * The `data` of each `latest` row in the poll result's shape: health and add-on checks keep theirs in `latest`; for
 * the kinds stored as samples `latest` keeps only the time, and their data is read from the sample rows of that poll
 * (the registry's event fields, its order, or its summary), as the REST API reads it.
 */
const LATEST_DATA = Db.Prisma.raw(
  `CASE l.kind ${SAMPLE_KINDS.filter((k) => k.sampled)
    .map((k) => `WHEN '${k.kind}' THEN ${snapshotJson(k, 'l.server_id', 'l.time')}`)
    .join('\n  ')} ELSE l.data::json END`,
);

/** Reads servers (owner: api-gateway), server_states, latest and the samples (owner: poller) for room joins. */
@Injectable()
export class SnapshotRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The server if it belongs to the organisation (null for another organisation's server, a deleted one or an
   * unknown id: the caller cannot tell them apart), with its state and every `latest` row (with its data). Both reads go out at
   * once: a join costs one round trip. The `latest` read checks the organisation itself, so a join of another
   * organisation's server reads no samples.
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
      this.prisma.$queryRaw<{ kind: string; time: Date; data: unknown }[]>`
        SELECT l.kind, l.time, ${LATEST_DATA} AS data FROM latest l
        WHERE l.server_id = ${serverId}::uuid
          AND EXISTS (SELECT 1 FROM servers s WHERE s.id = ${serverId}::uuid AND s.org_id = ${orgId}::uuid)`,
    ]);
    if (!server) return null;
    return { serverId: server.id, orgId: server.orgId, name: server.name, state: server.state, latest };
  }
}

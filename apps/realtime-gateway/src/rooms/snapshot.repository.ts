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

/** `json_agg` of the rows of one sample table at the `latest` row's time (an empty poll is `[]`). */
const samplesAt = (table: string, fields: Record<string, string>, order: string): string =>
  `(SELECT coalesce(json_agg(json_build_object(${Object.entries(fields)
    .map(([name, column]) => `'${name}', ${column}`)
    .join(', ')}) ORDER BY ${order}), '[]'::json)
      FROM ${table} WHERE server_id = l.server_id AND time = l.time)`;

/**
 * Every `latest` row of a server with its `data` in the poll result's shape. The poller keeps the data of health and
 * add-on checks in `latest`; for the kinds stored as samples it keeps only the time (`data` is JSON null), and their
 * data is read here from the sample rows of that poll, as the REST API reads it.
 */
const LATEST_SQL = `
SELECT l.kind, l.time, CASE l.kind
  WHEN 'power' THEN ${samplesAt(
    'power_circuits',
    {
      circuitGroupId: 'circuit_group_id',
      powerProduction: 'power_production',
      powerConsumed: 'power_consumed',
      powerCapacity: 'power_capacity',
      powerMaxConsumed: 'power_max_consumed',
      batteryPercent: 'battery_percent',
      batteryCapacity: 'battery_capacity',
      batteryDifferential: 'battery_differential',
      batteryInput: 'battery_input',
      batteryOutput: 'battery_output',
      batteryTimeEmptySeconds: 'battery_time_empty_s',
      batteryTimeFullSeconds: 'battery_time_full_s',
      fuseTriggered: 'fuse_triggered',
    },
    'circuit_group_id',
  )}
  WHEN 'players' THEN ${samplesAt(
    'player_samples',
    {
      playerId: 'player_id',
      frmId: 'frm_id',
      name: 'name',
      isOnline: 'is_online',
      health: 'health',
      speed: 'speed',
      isDead: 'is_dead',
      posX: 'pos_x',
      posY: 'pos_y',
      posZ: 'pos_z',
    },
    'name, player_id',
  )}
  WHEN 'production' THEN ${samplesAt(
    'production_samples',
    {
      itemClass: 'item_class',
      itemName: 'item_name',
      itemForm: 'item_form',
      currentProd: 'current_prod',
      maxProd: 'max_prod',
      currentConsumed: 'current_consumed',
      maxConsumed: 'max_consumed',
      prodPercent: 'prod_percent',
      consPercent: 'cons_percent',
    },
    'item_class',
  )}
  WHEN 'trains' THEN ${samplesAt(
    'train_samples',
    {
      trainId: 'train_id',
      name: 'name',
      status: 'status',
      station: 'station',
      forwardSpeed: 'forward_speed',
      throttlePercent: 'throttle_percent',
      payloadMass: 'payload_mass',
      maxPayloadMass: 'max_payload_mass',
      derailed: 'derailed',
      pendingDerail: 'pending_derail',
    },
    'train_id',
  )}
  WHEN 'drones' THEN ${samplesAt(
    'drone_samples',
    {
      droneId: 'drone_id',
      name: 'name',
      homeStation: 'home_station',
      pairedStation: 'paired_station',
      destination: 'destination',
      flyingMode: 'flying_mode',
      flyingSpeed: 'flying_speed',
    },
    'drone_id',
  )}
  WHEN 'factory' THEN (SELECT json_build_object(
      'buildings', count(*),
      'producing', count(*) FILTER (WHERE is_producing),
      'idle', count(*) FILTER (WHERE is_configured AND NOT is_producing AND NOT is_paused),
      'unconfigured', count(*) FILTER (WHERE NOT is_configured),
      'paused', count(*) FILTER (WHERE is_paused))
    FROM factory_building_samples WHERE server_id = l.server_id AND time = l.time)
  ELSE l.data::json END AS data
FROM latest l WHERE l.server_id = $1::uuid AND EXISTS (SELECT 1 FROM servers s WHERE s.id = $1::uuid AND s.org_id = $2::uuid)`;

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
      this.prisma.$queryRawUnsafe<{ kind: string; time: Date; data: unknown }[]>(LATEST_SQL, serverId, orgId),
    ]);
    if (!server) return null;
    return { serverId: server.id, orgId: server.orgId, name: server.name, state: server.state, latest };
  }
}

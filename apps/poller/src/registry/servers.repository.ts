import type { AddonStatus, ServerStatus } from '@app/contracts';
import { Db, PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';

/** A registered server as the poller needs it. The password stays encrypted until a login needs it. */
export interface ServerRecord {
  id: string;
  orgId: string;
  name: string;
  host: string;
  /**
   * The address the target guard checked at registration; the poller connects to it, never to `host` (no fallback:
   * '' for a server registered by name before addresses were pinned, which is reported, not polled).
   */
  address: string;
  port: number;
  addonHttpPort: number;
  addonWsPort: number;
  adminPasswordEnc: Uint8Array;
  certFingerprint: string | null;
  addonStatus: AddonStatus;
  status: ServerStatus;
}

interface Row {
  id: string;
  org_id: string;
  name: string;
  host: string;
  address: string;
  port: number;
  addon_http_port: number;
  addon_ws_port: number;
  admin_password_enc: Uint8Array;
  cert_fingerprint: string | null;
  addon_status: AddonStatus | null;
  status: ServerStatus | null;
}

const SELECT = Db.Prisma.sql`
  SELECT s.id, s.org_id, s.name, s.host, s.address, s.port, s.addon_http_port, s.addon_ws_port,
         s.admin_password_enc, s.cert_fingerprint, st.addon_status, st.status
  FROM servers s LEFT JOIN server_states st ON st.server_id = s.id`;

const toRecord = (r: Row): ServerRecord => ({
  id: r.id,
  orgId: r.org_id,
  name: r.name,
  host: r.host,
  address: r.address,
  port: r.port,
  addonHttpPort: r.addon_http_port,
  addonWsPort: r.addon_ws_port,
  adminPasswordEnc: r.admin_password_enc,
  certFingerprint: r.cert_fingerprint,
  addonStatus: r.addon_status ?? 'unknown',
  status: r.status ?? 'unknown',
});

/** Reads registered servers (owned by api-gateway; the poller only reads them). */
@Injectable()
export class ServersRepository {
  constructor(private readonly prisma: PrismaService) {}

  async all(): Promise<ServerRecord[]> {
    const rows = await this.prisma.$queryRaw<Row[]>(SELECT);
    return rows.map(toRecord);
  }

  /** The servers of these ids that exist (one query for a burst of lifecycle events). */
  async byIds(ids: readonly string[]): Promise<ServerRecord[]> {
    const rows = await this.prisma.$queryRaw<Row[]>`${SELECT} WHERE s.id = ANY(${ids}::uuid[])`;
    return rows.map(toRecord);
  }
}

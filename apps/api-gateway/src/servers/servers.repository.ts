import { PrismaService } from '@app/database';
import { Injectable } from '@nestjs/common';
import { refusingDuplicates } from '../common/duplicate-key';
import type { ServerRow } from './server-views';

/** A server to store, its admin password already sealed. */
export interface NewServer {
  id: string;
  orgId: string;
  name: string;
  host: string;
  address: string;
  port: number;
  addonHttpPort: number;
  addonWsPort: number;
  adminPasswordEnc: Uint8Array<ArrayBuffer>;
  certFingerprint: string | null;
}

/** Fields of a server to change; undefined fields stay as they are. */
export interface ServerChanges {
  name?: string;
  port?: number;
  addonHttpPort?: number;
  addonWsPort?: number;
  adminPasswordEnc?: Uint8Array<ArrayBuffer>;
}

const WITH_STATE = {
  id: true,
  orgId: true,
  name: true,
  host: true,
  address: true,
  port: true,
  addonHttpPort: true,
  addonWsPort: true,
  adminPasswordEnc: true,
  certFingerprint: true,
  createdAt: true,
  state: { select: { status: true, addonStatus: true, lastSeenAt: true } },
} as const;

/** The servers table (owner: api-gateway), with the polled state (owner: poller) read alongside. */
@Injectable()
export class ServersRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The organisation's servers, oldest first. */
  list(orgId: string): Promise<ServerRow[]> {
    return this.prisma.server.findMany({ where: { orgId }, select: WITH_STATE, orderBy: { createdAt: 'asc' } });
  }

  /** A server of the organisation, or null (also when the id is another organisation's). */
  find(orgId: string, id: string): Promise<ServerRow | null> {
    return this.prisma.server.findFirst({ where: { id, orgId }, select: WITH_STATE });
  }

  /** Whether the organisation has host:port registered already (other than the server `except`). */
  async isTaken(orgId: string, host: string, port: number, except: string | null): Promise<boolean> {
    const clash = await this.prisma.server.findFirst({
      where: { orgId, host, port, ...(except ? { NOT: { id: except } } : {}) },
      select: { id: true },
    });
    return clash !== null;
  }

  /**
   * Stores a server (its preset alert rules are alerting's: the service asks for them). Throws DuplicateKeyError
   * when host:port was registered in the organisation meanwhile.
   */
  create(server: NewServer): Promise<ServerRow> {
    return refusingDuplicates(() => this.prisma.server.create({ data: server, select: WITH_STATE }));
  }

  /** Changes a server; throws DuplicateKeyError when the new port clashes with another server. */
  update(id: string, changes: ServerChanges): Promise<ServerRow> {
    return refusingDuplicates(() => this.prisma.server.update({ where: { id }, data: changes, select: WITH_STATE }));
  }

  async delete(id: string): Promise<void> {
    await this.prisma.server.delete({ where: { id }, select: { id: true } });
  }
}

import { randomUUID } from 'node:crypto';
import type { ServerStatusChanged } from '@app/contracts';

/** A valid status change of a random server (the messaging tests' payload); `overrides` replace fields. */
export function statusChange(overrides: Partial<ServerStatusChanged> = {}): ServerStatusChanged {
  return {
    serverId: randomUUID(),
    orgId: randomUUID(),
    previous: 'online',
    status: 'offline',
    reason: 'connection refused on 7777',
    time: new Date().toISOString(),
    ...overrides,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

import { z } from 'zod';
import { Timestamp, Uuid } from './common.schema';

const port = z.int().min(1).max(65535);

/** Fields common to the server lifecycle events. Never carries the admin password. */
const ServerLifecycleBase = z.object({
  serverId: Uuid,
  orgId: Uuid,
  occurredAt: Timestamp,
});

/** Produced by api-gateway after a server is saved; consumed by poller (first poll within 2 s). */
export const ServerRegistered = ServerLifecycleBase.extend({
  name: z.string().min(1),
  host: z.string().min(1),
  /** The address the target guard checked; the poller connects to it (no DNS rebinding). */
  address: z.string().nullable(),
  port,
  addonHttpPort: port,
  addonWsPort: port,
});
export type ServerRegistered = z.infer<typeof ServerRegistered>;

/** Produced by api-gateway after an edit; consumed by poller (a new login when the password changed). */
export const ServerUpdated = ServerRegistered.extend({
  passwordChanged: z.boolean(),
  changedFields: z.array(z.string()),
});
export type ServerUpdated = z.infer<typeof ServerUpdated>;

/** Produced by api-gateway after a delete; consumed by poller (no poll after it) and alerting. */
export const ServerDeleted = ServerLifecycleBase;
export type ServerDeleted = z.infer<typeof ServerDeleted>;

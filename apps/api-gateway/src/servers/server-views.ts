import { z } from 'zod';

export const ServerView = z.object({
  id: z.uuid(),
  name: z.string(),
  host: z.string(),
  port: z.int(),
  addon_http_port: z.int(),
  addon_ws_port: z.int(),
  status: z.enum(['unknown', 'online', 'degraded', 'offline', 'loading']),
  addon_status: z.enum(['unknown', 'available', 'unavailable']),
  last_seen_at: z.string().nullable(),
  created_at: z.string(),
});
export type ServerView = z.infer<typeof ServerView>;

export interface ServerRow {
  id: string;
  orgId: string;
  name: string;
  host: string;
  /** The checked address ('' for a server registered by name before addresses were pinned). */
  address: string;
  port: number;
  addonHttpPort: number;
  addonWsPort: number;
  adminPasswordEnc: Uint8Array;
  certFingerprint: string | null;
  createdAt: Date;
  state?: { status: string; addonStatus: string; lastSeenAt: Date | null } | null;
}

/** The API's view of a server: never a password (sealed or not) and never the pinned address. */
export function serverView(row: ServerRow): ServerView {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    addon_http_port: row.addonHttpPort,
    addon_ws_port: row.addonWsPort,
    status: (row.state?.status ?? 'unknown') as ServerView['status'],
    addon_status: (row.state?.addonStatus ?? 'unknown') as ServerView['addon_status'],
    last_seen_at: row.state?.lastSeenAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

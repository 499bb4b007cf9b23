import { queryOptions } from '@tanstack/react-query';
import { session } from '../../lib/api';
import { client, unwrap, type GetAnswer } from '../../lib/api/client';
import { keys } from '../../lib/query';

/** Player history's answers (issue 24), as the OpenAPI document types them. */
export type SessionsAnswer = GetAnswer<'/api/v1/servers/{id}/player-sessions'>;
export type PlayerSession = SessionsAnswer['sessions'][number];
export type PlayerAnswer = GetAnswer<'/api/v1/servers/{id}/players/{playerId}'>;
export type HeatmapAnswer = GetAnswer<'/api/v1/servers/{id}/player-sessions/heatmap'>;
export type OnlineAtAnswer = GetAnswer<'/api/v1/servers/{id}/online-at'>;
export type SearchHit = GetAnswer<'/api/v1/players/search'>[number];

const HOUR_MS = 3_600_000;

/** The reader's time zone (the heat map's hours and weekdays), UTC when the browser does not say. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Sessions of the last `hours` hours (the timeline). */
export const sessionsQuery = (id: string, hours: number, now: number) =>
  queryOptions({
    queryKey: [...keys.server(id), 'player-sessions', hours] as const,
    queryFn: () =>
      unwrap(
        client.GET('/api/v1/servers/{id}/player-sessions', {
          params: {
            path: { id },
            query: { from: new Date(now - hours * HOUR_MS).toISOString(), to: new Date(now).toISOString() },
          },
        }),
      ),
    refetchInterval: 30_000,
  });

export const playerQuery = (id: string, playerId: string) =>
  queryOptions({
    queryKey: [...keys.server(id), 'player', playerId] as const,
    queryFn: () =>
      unwrap(client.GET('/api/v1/servers/{id}/players/{playerId}', { params: { path: { id, playerId } } })),
    refetchInterval: 30_000,
  });

export const heatmapQuery = (id: string, tz: string) =>
  queryOptions({
    queryKey: [...keys.server(id), 'player-heatmap', tz] as const,
    queryFn: () =>
      unwrap(client.GET('/api/v1/servers/{id}/player-sessions/heatmap', { params: { path: { id }, query: { tz } } })),
    staleTime: 5 * 60_000,
  });

/** Who was online at `t` (ms); a chart's points are discrete, so hovering back and forth reuses answers. */
export const onlineAtQuery = (id: string, t: number) =>
  queryOptions({
    queryKey: [...keys.server(id), 'online-at', t] as const,
    queryFn: () =>
      unwrap(
        client.GET('/api/v1/servers/{id}/online-at', {
          params: { path: { id }, query: { t: new Date(Math.min(t, Date.now())).toISOString() } },
        }),
      ),
    staleTime: 60_000,
  });

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: ['players', 'search', q] as const,
    queryFn: () => unwrap(client.GET('/api/v1/players/search', { params: { query: { q } } })),
    enabled: q.trim().length >= 2,
  });

/** Downloads the sessions of the last `hours` hours as CSV (a fetch: the session token rides in a header). */
export async function downloadCsv(id: string, hours: number, now: number): Promise<void> {
  const query = new URLSearchParams({
    from: new Date(now - hours * HOUR_MS).toISOString(),
    to: new Date(now).toISOString(),
  });
  const headers: Record<string, string> = { authorization: `Bearer ${session.token() ?? ''}` };
  const org = session.orgId();
  if (org) headers['x-org-id'] = org;
  const response = await fetch(`/api/v1/servers/${id}/player-sessions.csv?${query}`, { headers });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = 'player-sessions.csv';
  a.click();
  URL.revokeObjectURL(url);
}

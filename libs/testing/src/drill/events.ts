import { streamMessageIds as readStreamMessageIds } from '@app/messaging';
import { query } from './measure';

/** The stream the poller publishes its results and status changes to (namespace `gsm`). */
const RESULTS_STREAM = 'GSM_POLL_RESULTS';

/** Message ids (`Nats-Msg-Id`) of the messages a stream holds from `since` on. */
export function streamMessageIds(natsUrl: string, stream: string, since: number): Promise<Set<string>> {
  return readStreamMessageIds(natsUrl, stream, new Date(since));
}

/** Events of stored data that JetStream does not hold: the news of a poll got lost after its data was stored. */
export interface MissingEvents {
  /** Health samples stored whose `poll.result.v1` is not in the stream. */
  results: string[];
  /** Status changes stored whose `server.status.v1` is not in the stream. */
  statusChanges: string[];
  checkedResults: number;
  checkedStatusChanges: number;
}

/**
 * For every health sample and status change stored within [from, to], looks for its event in JetStream by the
 * message id the poller gives it (`result:<server>:health:<ms>`, `status:<server>:<ms>`). The poller stores first
 * and publishes after the commit, so once the rows are there their events must be too.
 */
export async function missingEvents(
  databaseUrl: string,
  natsUrl: string,
  from: number,
  to: number,
  names: Map<string, string>,
): Promise<MissingEvents> {
  const ids = await streamMessageIds(natsUrl, RESULTS_STREAM, from - 60_000);
  const samples = await query<{ server_id: string; time: Date }>(
    databaseUrl,
    'SELECT server_id, time FROM server_metrics WHERE time >= $1 AND time <= $2',
    [new Date(from), new Date(to)],
    15_000,
  );
  const changes = await query<{ server_id: string; time: Date; previous: string; status: string }>(
    databaseUrl,
    'SELECT server_id, time, previous::text, status::text FROM server_status_changes WHERE time >= $1 AND time <= $2',
    [new Date(from), new Date(to)],
    15_000,
  );
  const label = (serverId: string, time: Date): string =>
    `${names.get(serverId) ?? serverId} ${time.toISOString().slice(11, 23)}`;
  return {
    results: samples
      .filter((s) => !ids.has(`result:${s.server_id}:health:${s.time.getTime()}`))
      .map((s) => label(s.server_id, s.time)),
    statusChanges: changes
      .filter((c) => !ids.has(`status:${c.server_id}:${c.time.getTime()}`))
      .map((c) => `${label(c.server_id, c.time)} ${c.previous}->${c.status}`),
    checkedResults: samples.length,
    checkedStatusChanges: changes.length,
  };
}

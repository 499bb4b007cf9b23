import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { MessageHeaders } from './codec';
import { connectNats } from './connection';

/**
 * Message ids (`Nats-Msg-Id`) of the messages a stream holds from `since` on, read through an ordered consumer that
 * fetches headers only. For drills and checks that ask "was this event published?"; it opens its own connection
 * (no reconnecting: a tool fails instead of waiting) and closes it.
 */
export async function streamMessageIds(servers: string, stream: string, since: Date): Promise<Set<string>> {
  const nc = await connectNats(servers, 'stream-reader', { reconnect: false, timeoutMs: 5000 });
  const ids = new Set<string>();
  try {
    const consumer = await jetstream(nc).consumers.get(stream, {
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
      headers_only: true,
    });
    for (;;) {
      const batch = await consumer.fetch({ max_messages: 1000, expires: 2000 });
      let got = 0;
      let pending = 0;
      for await (const m of batch) {
        got++;
        pending = m.info.pending;
        const id = m.headers?.get(MessageHeaders.id);
        if (id) ids.add(id);
      }
      if (got === 0 || pending === 0) break;
    }
  } finally {
    await nc.close();
  }
  return ids;
}

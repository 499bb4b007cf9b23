import type { NatsConnection } from '@nats-io/transport-node';

/** The part of nats-core's protocol handler (`nc.protocol`, v3) this file replaces one method of. */
interface ProtocolLike {
  outbound: { length(): number; size(): number; fill(data: Uint8Array, ...payloads: Uint8Array[]): void };
  pendingLimit: number;
  flushPending(): void;
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
}

const encoder = new TextEncoder();

/**
 * nats-core writes its queued output to the socket in a microtask of the task that queued it: a process publishing
 * from many I/O callbacks per event-loop turn (the poller: a poll result per poll, an acknowledgement per job, a pull
 * per batch) makes one `write` system call, and wakes nats-server once, per callback. With this, the output queued
 * during one turn of the event loop goes in one write after the turn's I/O callbacks (`setImmediate`): the same
 * bytes in the same order, a fraction of a millisecond later. A full buffer (nats-core's `pendingLimit`) is still
 * written at once, and anything nats-core flushes itself (a PING, a reconnect) goes out as before.
 *
 * Returns false (and changes nothing) if the client is not the nats-core version this was written against.
 */
export function coalesceWrites(nc: NatsConnection): boolean {
  const protocol = (nc as unknown as { protocol?: Partial<ProtocolLike> }).protocol;
  if (
    !protocol ||
    typeof protocol.sendCommand !== 'function' ||
    typeof protocol.flushPending !== 'function' ||
    typeof protocol.outbound?.fill !== 'function' ||
    typeof protocol.pendingLimit !== 'number'
  )
    return false;
  const p = protocol as ProtocolLike;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    p.flushPending(); // writes nothing when the buffer was flushed meanwhile
  };
  p.sendCommand = (cmd, ...payloads) => {
    p.outbound.fill(typeof cmd === 'string' ? encoder.encode(cmd) : cmd, ...payloads);
    if (p.outbound.size() >= p.pendingLimit) p.flushPending();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return true;
}

import type { EventContract } from '@app/contracts';
import { headers as natsHeaders, type Msg, type MsgHdrs } from '@nats-io/transport-node';
import { ContractViolationError } from './errors';
import type { SubjectNaming } from './subject-naming';

/** Headers the platform sets on every message. `Nats-Msg-Id` is JetStream's de-duplication id. */
export const MessageHeaders = {
  id: 'Nats-Msg-Id',
  producer: 'Gsm-Producer',
} as const;

/** Metadata of a received message. */
export interface MessageMeta {
  subject: string;
  messageId: string | null;
  producer: string | null;
  /** JetStream only: how many times this message has been delivered (1 on first delivery). */
  deliveryCount: number;
}

/** A typed message handler: the payload has been parsed with its contract's schema. */
export type Handler<T> = (payload: T, meta: MessageMeta) => void | Promise<void>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** UTF-8 bytes of a value's JSON. */
export function encodeJson(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

/** Text of (a prefix of) a message body. */
export function decodeText(data: Uint8Array): string {
  return decoder.decode(data);
}

/** Reads the platform's headers from a message. */
export function readMeta(msg: { subject: string; headers?: MsgHdrs }, deliveryCount = 1): MessageMeta {
  return {
    subject: msg.subject,
    messageId: msg.headers?.get(MessageHeaders.id) || null,
    producer: msg.headers?.get(MessageHeaders.producer) || null,
    deliveryCount,
  };
}

/** The platform's headers of an outgoing message: its id (de-duplication) and the producing service. */
export function messageHeaders(messageId: string, producer: string): MsgHdrs {
  const h = natsHeaders();
  h.set(MessageHeaders.id, messageId);
  h.set(MessageHeaders.producer, producer);
  return h;
}

/** NATS headers holding the given names and values (undefined when there are none). */
export function headersOf(values: Readonly<Record<string, string>> | undefined): MsgHdrs | undefined {
  if (!values) return undefined;
  const h = natsHeaders();
  for (const [name, value] of Object.entries(values)) h.set(name, value);
  return h;
}

/** Formats zod issues in one line, without values (they may hold secrets). */
export function describeIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  return error.issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
}

/** Validates a payload against its contract and encodes it, with the concrete subject it goes to. */
export function encodePayload(
  naming: SubjectNaming,
  contract: EventContract,
  payload: unknown,
): { subject: string; data: Uint8Array } {
  const parsed = contract.schema.safeParse(payload);
  if (!parsed.success) throw new ContractViolationError(contract.subject, describeIssues(parsed.error));
  return { subject: naming.forPayload(contract, parsed.data), data: encodeJson(parsed.data) };
}

/** Decodes JSON, or returns undefined. */
export function safeJson(data: Uint8Array): unknown {
  try {
    return JSON.parse(decoder.decode(data));
  } catch {
    return undefined;
  }
}

/** Parses a message body against a contract. */
export function parseMessage(
  contract: EventContract,
  data: Uint8Array,
): { ok: true; value: unknown } | { ok: false; error: string } {
  const json = safeJson(data);
  if (json === undefined) return { ok: false, error: 'body is not JSON' };
  const parsed = contract.schema.safeParse(json);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: describeIssues(parsed.error) };
}

/** A core NATS message received without a contract (tests, benchmarks, tools). */
export interface RawMessage {
  readonly subject: string;
  readonly data: Uint8Array;
  /** A header's value (the first one), or undefined. */
  header(name: string): string | undefined;
  /** The status code of a server-generated reply (e.g. 503: no responders, no stream), or 0 for a normal message. */
  readonly status: number;
  /** The body as text. */
  text(): string;
}

/** Wraps a NATS message as a {@link RawMessage}. */
export function toRawMessage(msg: Msg): RawMessage {
  return {
    subject: msg.subject,
    data: msg.data,
    header: (name) => msg.headers?.get(name) || undefined,
    status: msg.headers?.code ?? 0,
    text: () => msg.string(),
  };
}

import type { z } from 'zod';

/**
 * A one-way message: core NATS fan-out or a JetStream-persisted event.
 * `subject` is relative and versioned (e.g. `poll.result.v1`); the messaging lib prefixes it with the
 * deployment's namespace (default `gsm`). When `token` is set, the payload field of that name is appended as
 * the last subject token (e.g. `gsm.poll.result.v1.<serverId>`), so consumers can filter per server.
 */
export interface EventContract<S extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly subject: string;
  readonly schema: S;
  readonly token?: string;
  /** Who publishes it and who consumes it. */
  readonly description: string;
}

/** A request-reply exchange over core NATS with a schema on each side. */
export interface RequestContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly kind: 'request';
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
  readonly description: string;
}

const SUBJECT_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)*\.v[0-9]+$/;

function checkSubject(subject: string): void {
  if (!SUBJECT_PATTERN.test(subject)) {
    throw new Error(`Subject "${subject}" must be lowercase, dotted and end with a version token such as ".v1"`);
  }
}

/** Declares an event contract; the subject is checked to be lowercase, dotted and versioned. */
export function defineEvent<S extends z.ZodType>(
  subject: string,
  schema: S,
  options: { token?: string; description: string },
): EventContract<S> {
  checkSubject(subject);
  return Object.freeze({ kind: 'event' as const, subject, schema, ...options });
}

/** Declares a request-reply contract; the subject is checked like an event's. */
export function defineRequest<Req extends z.ZodType, Res extends z.ZodType>(
  subject: string,
  request: Req,
  response: Res,
  description: string,
): RequestContract<Req, Res> {
  checkSubject(subject);
  return Object.freeze({ kind: 'request' as const, subject, request, response, description });
}

/** The payload type of an event contract. */
export type PayloadOf<C extends EventContract> = z.infer<C['schema']>;
/** The request payload type of a request contract. */
export type RequestOf<C extends RequestContract> = z.infer<C['request']>;
/** The response payload type of a request contract. */
export type ResponseOf<C extends RequestContract> = z.infer<C['response']>;

import type { RequestContract, RequestOf, ResponseOf } from '@app/contracts';
import {
  NoRespondersError,
  TimeoutError,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';
import { describeIssues, encodeJson, messageHeaders, readMeta, safeJson, type MessageMeta } from './codec';
import type { MessagingLogger } from './connection';
import { ContractViolationError, RequestFailedError } from './errors';
import { uuidv7 } from './message-id';
import type { SubjectNaming } from './subject-naming';
import {
  endSpan,
  failSpan,
  handleMessage,
  messagingTracingEnabled,
  startProducerSpan,
  type ConsumerSpanInfo,
} from './tracing';

/** Answers a request: the parsed request in, the response out (checked against the contract before it is sent). */
export type RequestHandler<C extends RequestContract> = (
  request: RequestOf<C>,
  meta: MessageMeta,
) => Promise<ResponseOf<C>> | ResponseOf<C>;

/** Typed request-reply: both sides validate against the contract; failures come back as a reason, not silence. */
export class RequestReply {
  constructor(
    private readonly nc: NatsConnection,
    private readonly naming: SubjectNaming,
    private readonly service: string,
    private readonly logger: MessagingLogger,
  ) {}

  /** Sends a typed request and validates the typed response. */
  async request<C extends RequestContract>(
    contract: C,
    payload: RequestOf<C>,
    options: { timeoutMs?: number } = {},
  ): Promise<ResponseOf<C>> {
    const subject = this.naming.base(contract.subject);
    const parsed = contract.request.safeParse(payload);
    if (!parsed.success) throw new ContractViolationError(contract.subject, describeIssues(parsed.error));
    const messageId = uuidv7();
    const headers = messageHeaders(messageId, this.service);
    const span = messagingTracingEnabled()
      ? startProducerSpan('request', { subject, template: subject, messageId }, headers)
      : undefined;
    try {
      const result = await this.ask(contract, subject, parsed.data, headers, options.timeoutMs ?? 3000);
      endSpan(span);
      return result;
    } catch (error) {
      endSpan(span, error);
      throw error;
    }
  }

  private async ask<C extends RequestContract>(
    contract: C,
    subject: string,
    request: unknown,
    headers: MsgHdrs,
    timeoutMs: number,
  ): Promise<ResponseOf<C>> {
    let reply: Msg;
    try {
      reply = await this.nc.request(subject, encodeJson(request), { timeout: timeoutMs, headers });
    } catch (error) {
      if (error instanceof NoRespondersError || (error as Error).cause instanceof NoRespondersError) {
        throw new RequestFailedError(contract.subject, 'no_responders', 'no service answers this subject');
      }
      if (error instanceof TimeoutError || (error as Error).cause instanceof TimeoutError) {
        throw new RequestFailedError(contract.subject, 'timeout', `no answer within ${timeoutMs} ms`);
      }
      throw error;
    }
    const body = safeJson(reply.data);
    if (body && typeof body === 'object' && 'error' in body && Object.keys(body).length === 1) {
      throw new RequestFailedError(contract.subject, 'remote_error', String((body as { error: unknown }).error));
    }
    const response = contract.response.safeParse(body);
    if (!response.success) {
      throw new RequestFailedError(contract.subject, 'invalid_response', describeIssues(response.error));
    }
    return response.data as ResponseOf<C>;
  }

  /**
   * Answers a request contract. Replicas share the work through the service's queue group. An invalid request
   * or a failing handler gets `{"error": "..."}` back instead of silence.
   */
  reply<C extends RequestContract>(contract: C, handler: RequestHandler<C>): Subscription {
    const subject = this.naming.base(contract.subject);
    const info: ConsumerSpanInfo = { template: subject, operation: 'reply', group: this.service };
    return this.nc.subscribe(subject, {
      queue: this.service,
      callback: (err, msg) => {
        if (err) return;
        const meta = readMeta(msg);
        void handleMessage(msg, meta.messageId, info, async (span) => {
          const parsed = contract.request.safeParse(safeJson(msg.data));
          if (!parsed.success) {
            failSpan(span, new Error('invalid request'));
            msg.respond(encodeJson({ error: `invalid request: ${describeIssues(parsed.error)}` }));
            return;
          }
          try {
            const result = contract.response.parse(await handler(parsed.data as RequestOf<C>, meta));
            msg.respond(encodeJson(result));
          } catch (error) {
            failSpan(span, error);
            this.logger.error(`request handler failed for ${contract.subject}: ${(error as Error).message}`);
            msg.respond(encodeJson({ error: 'the service could not answer; try again' }));
          }
        });
      },
    });
  }
}

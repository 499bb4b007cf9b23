import { Streams, Subjects } from '@app/contracts';
import { decodeText, type MessageMeta } from './codec';
import type { MessagingLogger } from './connection';
import type { EventPublisher } from './publisher';
import type { StreamAdmin } from './stream-admin';

/** Why a message was given up. */
export type DeadLetterReason = 'schema_violation' | 'retries_exhausted' | 'handler_rejected';

/**
 * Keeps the messages a consumer gives up in the dead-letter stream (JetStream), for inspection and replay. The
 * stream is declared on first use; a failure to declare or publish is logged, never thrown: a consumer that
 * dead-letters goes on either way.
 */
export class DeadLetters {
  private streamReady: Promise<string> | undefined;

  constructor(
    private readonly streams: StreamAdmin,
    private readonly publisher: EventPublisher,
    private readonly logger: MessagingLogger,
  ) {}

  /** Publishes a dead letter of the message (its body cut at 64 KiB, the error at 2,000 characters). */
  async send(
    subject: string,
    data: Uint8Array,
    meta: MessageMeta,
    reason: DeadLetterReason,
    error: string,
    consumer: string,
  ): Promise<void> {
    this.logger.warn(`dead-lettering a message from ${subject} (${reason}): ${error}`);
    try {
      this.streamReady ??= this.streams.ensureStream(Streams.deadLetters).catch((failure: unknown) => {
        this.streamReady = undefined;
        throw failure;
      });
      await this.streamReady;
      await this.publisher.publishDurable(Subjects.deadLetter, {
        originalSubject: subject,
        consumer,
        reason,
        error: error.slice(0, 2000),
        payload: decodeText(data.subarray(0, 65536)),
        deliveryCount: meta.deliveryCount,
        messageId: meta.messageId,
        deadLetteredAt: new Date().toISOString(),
      });
    } catch (failure) {
      this.logger.error(`could not dead-letter a message from ${subject}: ${(failure as Error).message}`);
    }
  }
}

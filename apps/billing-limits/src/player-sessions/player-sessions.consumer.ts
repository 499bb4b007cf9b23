import { Streams, Subjects, type PollResult, type ServerStatusChanged } from '@app/contracts';
import { Messaging, parseMessage, type BatchConsumerHandle, type StreamMessage } from '@app/messaging';
import { LifecycleService } from '@app/platform';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PlayerSessionsRepository } from './player-sessions.repository';
import { planSessions, type SessionInput } from './session-planner';

/** The durable consumer's name: every billing-limits replica shares it, each message goes to one of them. */
export const PLAYER_SESSIONS_DURABLE = 'billing-limits-player-sessions';

/** Reads a poll result or status change as an input of the derivation; null when it tells nothing about players. */
export function toSessionInput(value: PollResult | ServerStatusChanged, isStatus: boolean): SessionInput | null {
  const time = new Date(value.time);
  if (isStatus) {
    const change = value as ServerStatusChanged;
    return { source: 'status', time, up: change.status === 'online' || change.status === 'degraded' };
  }
  const result = value as PollResult;
  switch (result.kind) {
    case 'players':
      return { source: 'players', time, players: result.data };
    case 'health':
      return {
        source: 'health',
        time,
        ok: result.data !== null,
        playerCount: result.data?.playerCount ?? null,
        sessionName: result.data?.sessionName ?? null,
      };
    case 'session':
      return { source: 'session', time, sessionName: result.data?.sessionName ?? null };
    case 'addon':
      return {
        source: 'addon',
        time,
        available: result.data ? (result.data.status === 'unknown' ? null : result.data.status === 'available') : null,
      };
    default:
      return null;
  }
}

/**
 * Derives player sessions from the poll results stream (JetStream, durable: no poll result is missed while
 * billing-limits is down, and a new consumer starts at the stream's oldest message so history fills from it).
 * Each input is applied in its own transaction; see {@link planSessions} for why replays change nothing.
 */
@Injectable()
export class PlayerSessionsConsumer implements OnApplicationBootstrap {
  private readonly logger = new Logger(PlayerSessionsConsumer.name);
  private batches: BatchConsumerHandle | undefined;
  private statusPrefix = '';

  constructor(
    private readonly messaging: Messaging,
    private readonly repository: PlayerSessionsRepository,
    private readonly lifecycle: LifecycleService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.statusPrefix = this.messaging.naming.base(Subjects.serverStatus.subject) + '.';
    this.batches = await this.messaging.consumeBatches(
      Streams.pollResults,
      PLAYER_SESSIONS_DURABLE,
      { maxBatch: 200, maxWaitMs: 100, startAt: 'all', ackWaitMs: 30_000, traceAs: Subjects.pollResult },
      (batch) => this.process(batch),
    );
    this.lifecycle.onDrain('player-sessions', () => this.batches?.stop() ?? Promise.resolve());
  }

  /** Handles what was gathered so far (tests). */
  flush(): Promise<void> {
    return this.batches?.flush() ?? Promise.resolve();
  }

  private async process(batch: readonly StreamMessage[]): Promise<void> {
    for (const [index, msg] of batch.entries()) {
      const isStatus = msg.subject.startsWith(this.statusPrefix);
      const parsed = parseMessage(isStatus ? Subjects.serverStatus : Subjects.pollResult, msg.data);
      if (!parsed.ok) {
        await this.messaging
          .deadLetter(msg.subject, msg.data, msg.meta, 'schema_violation', parsed.error, PLAYER_SESSIONS_DURABLE)
          .catch(() => undefined);
        msg.term();
        continue;
      }
      const value = parsed.value as PollResult | ServerStatusChanged;
      const input = toSessionInput(value, isStatus);
      try {
        if (input) {
          const plan = await this.repository.apply(value.serverId, (s) =>
            planSessions(value.serverId, s.cursor, s.open, input),
          );
          if (plan && (plan.opens.length || plan.closes.length)) {
            this.logger.debug(
              { serverId: value.serverId, opened: plan.opens.length, closed: plan.closes.length },
              'player sessions changed',
            );
          }
        }
        msg.ack();
      } catch (error) {
        // The rest goes back too: applied after this one, a later result would make it look like a replay.
        this.logger.warn({ serverId: value.serverId, err: (error as Error).message }, 'sessions not derived; retrying');
        for (const rest of batch.slice(index)) rest.nak(1000);
        return;
      }
    }
  }
}

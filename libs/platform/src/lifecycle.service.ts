import { Injectable, Logger } from '@nestjs/common';

/**
 * Whether the service is shutting down (readiness fails from that moment so traffic moves elsewhere), and the
 * work features must finish before NATS drains: stop producing, finish in-flight jobs, flush buffers.
 */
@Injectable()
export class LifecycleService {
  private readonly logger = new Logger(LifecycleService.name);
  private draining = false;
  private readonly hooks: { name: string; run: () => Promise<void> }[] = [];

  get shuttingDown(): boolean {
    return this.draining;
  }

  beginShutdown(): void {
    this.draining = true;
  }

  /** Registers work to finish on shutdown, before the NATS connection drains (run in registration order). */
  onDrain(name: string, run: () => Promise<void>): void {
    this.hooks.push({ name, run });
  }

  async drain(): Promise<void> {
    for (const hook of this.hooks) {
      try {
        await hook.run();
      } catch (error) {
        this.logger.error({ hook: hook.name, err: (error as Error).message }, 'shutdown step failed');
      }
    }
  }
}

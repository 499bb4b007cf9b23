import { Injectable } from '@nestjs/common';

/** Whether the service is shutting down; readiness fails from that moment so traffic moves elsewhere. */
@Injectable()
export class LifecycleService {
  private draining = false;

  get shuttingDown(): boolean {
    return this.draining;
  }

  beginShutdown(): void {
    this.draining = true;
  }
}

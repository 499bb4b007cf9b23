import { Injectable } from '@nestjs/common';

/** A readiness condition of a feature: throws (with the reason) when the service should not take traffic. */
export type ReadinessCheck = () => void | Promise<void>;

/** Feature modules register their own readiness conditions here (e.g. "polling lags by more than an interval"). */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  entries(): [string, ReadinessCheck][] {
    return [...this.checks];
  }
}

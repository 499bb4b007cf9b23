import { DatabaseProbe } from '@app/database';
import { Messaging } from '@app/messaging';
import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LifecycleService } from './lifecycle.service';
import { ReadinessRegistry } from './readiness.registry';

interface CheckResult {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

const CHECK_TIMEOUT_MS = 2000;

async function timed(check: () => Promise<unknown>): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { ok: false, latencyMs: Math.round(performance.now() - started), error: (error as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health/live`: the process runs (restart it if this fails).
 * `GET /health/ready`: it can take work: PostgreSQL and NATS answer and it is not shutting down (503 otherwise).
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseProbe,
    private readonly messaging: Messaging,
    private readonly lifecycle: LifecycleService,
    private readonly readiness: ReadinessRegistry,
  ) {}

  @Get('live')
  @HttpCode(HttpStatus.OK)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Record<string, unknown>> {
    if (this.lifecycle.shuttingDown) {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'shutting_down' };
    }
    const named: [string, () => Promise<unknown>][] = [
      ['database', () => this.database.ping()],
      ['nats', () => this.messaging.ping()],
      ...this.readiness.entries().map(([name, check]): [string, () => Promise<unknown>] => [name, async () => check()]),
    ];
    const results = await Promise.all(named.map(async ([name, check]) => [name, await timed(check)] as const));
    const ok = results.every(([, r]) => r.ok);
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ready' : 'not_ready', checks: Object.fromEntries(results) };
  }
}

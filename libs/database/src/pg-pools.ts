import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Pool } from 'pg';
import { DATABASE_OPTIONS, type DatabaseOptions } from './prisma.service';

/**
 * The one place a service opens a plain `pg` pool beside Prisma: only where COPY, streaming or a hot read path needs
 * node-postgres directly (the poller's writer, the api-gateway's metrics reads). Each pool is named in
 * pg_stat_activity (`<service>-<name>`) and closed at shutdown, after the modules that use it.
 */
@Injectable()
export class PgPools implements OnApplicationShutdown {
  private readonly open = new Map<string, Pool>();

  constructor(@Inject(DATABASE_OPTIONS) private readonly options: DatabaseOptions) {}

  /**
   * A pool of at most `max` connections, created once per name. `connectTimeoutMs` bounds the wait for a connection
   * (0 waits as long as it takes: a read pool under load queues instead of failing).
   */
  pool(name: string, max: number, { connectTimeoutMs = 5000 }: { connectTimeoutMs?: number } = {}): Pool {
    const known = this.open.get(name);
    if (known) return known;
    const created = new Pool({
      connectionString: this.options.url,
      max,
      application_name: `${this.options.applicationName}-${name}`,
      connectionTimeoutMillis: connectTimeoutMs,
    });
    // A dropped idle connection is replaced on the next query; callers see and handle query errors themselves.
    created.on('error', () => undefined);
    this.open.set(name, created);
    return created;
  }

  /** Closes one pool now (a caller that must close it before other resources); idempotent. */
  async close(name: string): Promise<void> {
    const pool = this.open.get(name);
    if (!pool) return;
    this.open.delete(name);
    await pool.end();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.open.keys()].map((name) => this.close(name)));
  }
}

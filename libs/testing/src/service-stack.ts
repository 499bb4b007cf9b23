import type { Messaging } from '@app/messaging';
import { deleteNamespaceStreams, testNamespace } from './namespace';
import { ServiceProcess, serviceEnv } from './service-process';
import type { SimulatorProcess } from './simulator';
import type { TestDatabase } from './test-database';

/**
 * The services one test file starts as processes, in its own NATS namespace, on its database: `start()` launches
 * one with the file's common environment, `close()` stops everything the file set up (processes, simulator, the
 * namespace's streams, the NATS connection, the database).
 */
export class ServiceStack {
  readonly prefix = testNamespace();
  readonly processes: ServiceProcess[] = [];
  db?: TestDatabase;
  sim?: SimulatorProcess;
  messaging?: Messaging;

  constructor(private readonly env: Record<string, string>) {}

  /** Starts `app` and resolves with its port once it is ready. */
  async start(app: string, extra: Record<string, string> = {}): Promise<number> {
    if (!this.db) throw new Error('ServiceStack.start: set the database first');
    const proc = ServiceProcess.start(app, serviceEnv(this.db.url, this.prefix, { ...this.env, ...extra }));
    this.processes.push(proc);
    return proc.ready(30_000);
  }

  async close(): Promise<void> {
    for (const p of this.processes) p.kill();
    await this.sim?.stop();
    if (this.messaging) {
      await deleteNamespaceStreams(this.messaging);
      await this.messaging.close();
    }
    await this.db?.drop();
  }
}

import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { join } from 'node:path';
import { PrivateNats, sleep, type DrillNats } from './infra';

/** One node of {@link NatsCluster}: a nats-server child process with its own client port, route port and store. */
export class NatsNode extends PrivateNats {
  constructor(name: string, port: number, clusterPort: number, routes: number[], dir: string, logFile: string) {
    super(dir, port, logFile, name, [
      ...['--server_name', name],
      ...['--cluster_name', 'gsm-drill', '--cluster', `nats://127.0.0.1:${clusterPort}`],
      ...['--routes', routes.map((p) => `nats://127.0.0.1:${p}`).join(',')],
    ]);
  }

  /** Starts the node (same ports and store as before) and resolves once it says it is ready. */
  override start(timeoutMs = 60_000): Promise<void> {
    return super.start(timeoutMs);
  }
}

/** Where a stream's copies are: its leader's server name and its followers (with whether each is current). */
export interface StreamPlacement {
  leader: string | undefined;
  replicas: { name: string; current: boolean }[];
  numReplicas: number;
}

/**
 * A private three-node NATS cluster on loopback (never the machine's shared server): each node a nats-server child
 * process with JetStream and its own store directory, routes to the other two, one cluster name. Ports are
 * `base..base+2` for clients and `base+3..base+5` for the routes. `start()` resolves once JetStream's meta group
 * places a three-copy stream (every node is a peer); each node is stopped by its own pid.
 */
export class NatsCluster implements DrillNats {
  readonly nodes: NatsNode[];
  private nc: NatsConnection | undefined;

  constructor(dir: string, base: number, logDir: string) {
    const routePorts = [base + 3, base + 4, base + 5];
    this.nodes = [0, 1, 2].map(
      (i) =>
        new NatsNode(
          `drill-n${i + 1}`,
          base + i,
          routePorts[i]!,
          routePorts.filter((_, j) => j !== i),
          join(dir, `n${i + 1}`),
          join(logDir, `nats-n${i + 1}.log`),
        ),
    );
  }

  get url(): string {
    return this.nodes.map((n) => n.url).join(',');
  }

  get running(): boolean {
    return this.nodes.every((n) => n.running);
  }

  get pid(): number | undefined {
    return this.nodes[0]!.pid;
  }

  node(name: string): NatsNode | undefined {
    return this.nodes.find((n) => n.name === name);
  }

  /** Starts the nodes that do not run and waits until the cluster places (and removes) a three-copy stream. */
  async start(timeoutMs = 120_000): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.start(timeoutMs)));
    const deadline = Date.now() + timeoutMs;
    let last = '';
    const probe = `DRILL_PROBE_${Date.now()}`;
    while (Date.now() < deadline) {
      try {
        const jsm = await this.manager();
        await jsm.streams.add({ name: probe, subjects: [`drill.probe.${Date.now()}`], num_replicas: 3 });
        await jsm.streams.delete(probe);
        return;
      } catch (error) {
        last = (error as Error).message;
        await sleep(500);
      }
    }
    throw new Error(`the NATS cluster did not place a three-copy stream within ${timeoutMs} ms: ${last}`);
  }

  /** A JetStream manager over the drill's own connection to the cluster (made once, reconnects for ever). */
  async manager(): Promise<JetStreamManager> {
    return jetstreamManager(await this.connection(), { timeout: 3000 });
  }

  private async connection(): Promise<NatsConnection> {
    this.nc ??= await connect({
      servers: this.nodes.map((n) => n.url),
      name: 'drill-observer',
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
    });
    return this.nc;
  }

  /** Where a stream's copies are now (JetStream API `$JS.API.STREAM.INFO.<name>` -> `cluster`). */
  async placement(stream: string): Promise<StreamPlacement> {
    const info = await (await this.manager()).streams.info(stream);
    return {
      leader: info.cluster?.leader,
      replicas: (info.cluster?.replicas ?? []).map((r) => ({ name: r.name, current: r.current })),
      numReplicas: info.config.num_replicas,
    };
  }

  /** Asks a stream's leader to step down (`$JS.API.STREAM.LEADER.STEPDOWN.<name>`): another copy is elected. */
  async stepDown(stream: string): Promise<void> {
    await (await this.connection()).request(`$JS.API.STREAM.LEADER.STEPDOWN.${stream}`, '', { timeout: 5000 });
  }

  /** Asks a consumer's leader to step down (`$JS.API.CONSUMER.LEADER.STEPDOWN.<stream>.<name>`). */
  async stepDownConsumer(stream: string, consumer: string): Promise<void> {
    await (
      await this.connection()
    ).request(`$JS.API.CONSUMER.LEADER.STEPDOWN.${stream}.${consumer}`, '', {
      timeout: 5000,
    });
  }

  /** Every stream the cluster holds, with its copies (KV buckets are the `KV_*` streams). */
  async streams(): Promise<{ name: string; numReplicas: number; peers: number }[]> {
    const jsm = await this.manager();
    const out: { name: string; numReplicas: number; peers: number }[] = [];
    for await (const s of jsm.streams.list())
      out.push({
        name: s.config.name,
        numReplicas: s.config.num_replicas,
        peers: s.cluster ? 1 + (s.cluster.replicas?.length ?? 0) : 1,
      });
    return out;
  }

  /** Stops every node (each by its pid). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await Promise.all(this.nodes.map((n) => n.stop(signal)));
  }

  async close(): Promise<void> {
    await this.nc?.close().catch(() => undefined);
    this.nc = undefined;
    await Promise.all(this.nodes.map((n) => n.close()));
  }
}

import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { X509Certificate } from 'node:crypto';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server as HttpServer,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { isIP, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodePoll, encodeResponse } from '@app/game-client';
import { generate } from 'selfsigned';
import { World } from '../world/world';
import { FaultSet, type FaultName, type FaultParams } from './faults';
import { handleFrmHttp, FrmSocketHub } from './frm-api';
import { answerGameApi, readBody, writeGameReply } from './game-api';
import { hostileAnswer, proxiedEndpoint } from './hostile';
import { TcpListener } from './listener';
import { TokenStore } from './tokens';

export interface SimServerOptions {
  id: string;
  name: string;
  /** The address the server listens on (0.0.0.0 or :: listen on every interface). */
  host: string;
  /** The host others reach it by (descriptors, certificate); default `host`. */
  advertiseHost?: string;
  /** 0 picks a free port (the UDP query then binds the same number). */
  gamePort: number;
  addonHttpPort: number;
  addonWsPort: number;
  adminPassword: string;
  seed: number;
  tokenTtlMs: number;
  pushCycleMs: number;
  /** Game changelist reported by the UDP query (415558 = 1.1). */
  changelist?: number;
  controlUrl?: string;
}

/** What the fleet prints and the control API lists for one server. */
export interface SimServerDescriptor {
  id: string;
  name: string;
  host: string;
  port: number;
  addon_http_port: number;
  addon_ws_port: number;
  admin_password: string;
  control_url: string;
  cert_fingerprint: string;
  /** PasswordLogin requests with a password received so far (proof that a client did or did not send one). */
  password_logins: number;
  faults: Record<string, FaultParams>;
}

/**
 * One simulated Satisfactory dedicated server with FRM: the HTTPS game API and the UDP lightweight query on the
 * game port, FRM's HTTP + WebSocket on the add-on port (and WebSocket also on the add-on WS port), faults on demand.
 */
export class SimServer {
  readonly faults = new FaultSet();
  readonly tokens: TokenStore;
  readonly world: World;
  readonly frmToken: string;
  readonly stats = { passwordLogins: 0 };
  private readonly game: TcpListener;
  private readonly addonHttp: TcpListener;
  private readonly addonWs: TcpListener;
  private readonly https: HttpsServer;
  private readonly frmHttp: HttpServer;
  private readonly hub: FrmSocketHub;
  private readonly held = new Set<Socket>();
  /** Raw TCP sockets of the game port by client port, to reset a connection under its TLS layer. */
  private readonly rawGameSockets = new Map<number, Socket>();
  private udp: UdpSocket | undefined;
  private started = false;

  private constructor(
    readonly options: SimServerOptions,
    private certificate: { cert: string; key: string; fingerprint: string },
  ) {
    this.world = new World(options.seed, Date.now());
    this.tokens = new TokenStore(options.tokenTtlMs);
    this.frmToken = Buffer.from(String(options.seed)).toString('hex').padEnd(32, 'a').slice(0, 32);
    const gameCtx = {
      world: this.world,
      tokens: this.tokens,
      faults: this.faults,
      adminPassword: () =>
        this.faults.has('wrong_password') ? `${options.adminPassword}-changed` : options.adminPassword,
      clientPassword: '',
      frmToken: this.frmToken,
      stats: this.stats,
    };
    this.https = createHttpsServer(
      { key: certificate.key, cert: certificate.cert, keepAliveTimeout: 15_000 },
      (req, res) =>
        // A failing handler must never take the simulator down: the client sees a dropped connection.
        void this.onGameRequest(gameCtx, req, res).catch(() => res.destroy()),
    );
    const frmCtx = { world: this.world, faults: this.faults, frmToken: this.frmToken };
    this.hub = new FrmSocketHub(frmCtx, options.pushCycleMs);
    // As the game: idle connections live 15 s (https.createServer's own default would be 5 s).
    this.https.keepAliveTimeout = 15_000;
    this.frmHttp = createHttpServer((req, res) => void this.onFrmRequest(frmCtx, req, res).catch(() => res.destroy()));
    this.frmHttp.on('upgrade', (req, socket, head) =>
      this.hub.wss.handleUpgrade(req, socket, head, (ws) => this.hub.wss.emit('connection', ws, req)),
    );
    const dispatch = (target: HttpServer | HttpsServer) => (socket: Socket) => {
      if (this.faults.has('blackhole')) {
        this.held.add(socket);
        socket.once('close', () => this.held.delete(socket));
        return;
      }
      target.emit('connection', socket);
    };
    this.game = new TcpListener(options.host, options.gamePort, (socket) => {
      const port = socket.remotePort ?? 0;
      this.rawGameSockets.set(port, socket);
      socket.once('close', () => this.rawGameSockets.delete(port));
      dispatch(this.https)(socket);
    });
    this.addonHttp = new TcpListener(options.host, options.addonHttpPort, dispatch(this.frmHttp));
    this.addonWs = new TcpListener(options.host, options.addonWsPort, dispatch(this.frmHttp));
  }

  /** Creates a server with a fresh self-signed certificate (stable until {@link rotateCertificate}). */
  static async create(options: SimServerOptions): Promise<SimServer> {
    return new SimServer(options, await SimServer.newCertificate(options));
  }

  /**
   * Replaces the game port's certificate with a new self-signed one (a reinstalled server, or someone else
   * answering on its address) and drops open connections, so the next handshake shows the new one.
   */
  async rotateCertificate(): Promise<string> {
    this.certificate = await SimServer.newCertificate(this.options);
    this.https.setSecureContext({ key: this.certificate.key, cert: this.certificate.cert });
    for (const socket of this.rawGameSockets.values()) socket.destroy();
    return this.certificate.fingerprint;
  }

  private static async newCertificate(
    options: SimServerOptions,
  ): Promise<{ cert: string; key: string; fingerprint: string }> {
    const name = options.advertiseHost ?? options.host;
    // subjectAltName: an IP address (type 7) or a DNS name (type 2), such as a compose service name.
    const altName = isIP(name) ? { type: 7, ip: name } : { type: 2, value: name };
    const pems = await generate([{ name: 'commonName', value: name }], {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      days: 3650,
      extensions: [{ name: 'subjectAltName', altNames: [altName] }],
    } as Parameters<typeof generate>[1]);
    const fingerprint = new X509Certificate(pems.cert).fingerprint256;
    return { cert: pems.cert, key: pems.private, fingerprint };
  }

  get id(): string {
    return this.options.id;
  }

  get ports(): { game: number; addonHttp: number; addonWs: number } {
    return { game: this.game.port, addonHttp: this.addonHttp.port, addonWs: this.addonWs.port };
  }

  describe(): SimServerDescriptor {
    return {
      id: this.options.id,
      name: this.options.name,
      host: this.options.advertiseHost ?? this.options.host,
      port: this.game.port,
      addon_http_port: this.addonHttp.port,
      addon_ws_port: this.addonWs.port,
      admin_password: this.options.adminPassword,
      control_url: this.options.controlUrl ?? '',
      cert_fingerprint: this.certificate.fingerprint,
      password_logins: this.stats.passwordLogins,
      faults: this.faults.toJSON(),
    };
  }

  async start(): Promise<void> {
    this.started = true;
    this.hub.start();
    await this.reconcile();
  }

  async stop(): Promise<void> {
    this.started = false;
    this.hub.close();
    this.releaseHeld();
    await Promise.all([this.game.close(), this.addonHttp.close(), this.addonWs.close(), this.closeUdp()]);
  }

  async setFault(name: FaultName, params: FaultParams = {}): Promise<void> {
    this.faults.set(name, params);
    if (name === 'degraded') this.world.tickRateOverride = params.tickRate ?? 9;
    if (name === 'loading') this.game.dropConnections();
    await this.reconcile();
  }

  async clearFault(name?: FaultName): Promise<void> {
    if (!name || name === 'degraded') this.world.tickRateOverride = null;
    this.faults.clear(name);
    if (!this.faults.has('blackhole')) this.releaseHeld();
    await this.reconcile();
  }

  /** Every login token issued so far expires now. */
  expireTokens(): number {
    return this.tokens.expireAll();
  }

  /** Opens and closes listeners to match the faults: refused ports are really closed. */
  private async reconcile(): Promise<void> {
    if (!this.started) return;
    const f = this.faults;
    const stopped = f.has('stopped');
    const addonDown = stopped || f.has('addon_missing') || f.has('addon_port_closed');
    await (stopped || f.has('loading') ? this.game.close() : this.openGame());
    if (stopped) await this.closeUdp();
    else await this.openUdp();
    if (addonDown) this.hub.disconnectAll();
    await (addonDown ? this.addonHttp.close() : this.addonHttp.open());
    await (addonDown ? this.addonWs.close() : this.addonWs.open());
  }

  private async openGame(): Promise<void> {
    if (this.game.isOpen) return;
    for (let attempt = 0; ; attempt++) {
      await this.game.open();
      try {
        await this.openUdp();
        return;
      } catch (error) {
        // The UDP query shares the game port's number; if that UDP port is taken, pick another pair.
        if (this.options.gamePort !== 0 || attempt >= 10) throw error;
        await this.game.close();
        this.game.port = 0;
      }
    }
  }

  private async openUdp(): Promise<void> {
    if (this.udp || !this.game.port) return;
    const socket = createSocket(this.options.host.includes(':') ? 'udp6' : 'udp4');
    socket.on('message', (msg, rinfo) => this.onQuery(socket, msg, rinfo.address, rinfo.port));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(this.game.port, this.options.host, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    socket.on('error', () => undefined);
    this.udp = socket;
  }

  private async closeUdp(): Promise<void> {
    const socket = this.udp;
    this.udp = undefined;
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  }

  private onQuery(socket: UdpSocket, msg: Buffer, address: string, port: number): void {
    const cookie = decodePoll(msg);
    if (cookie === null || this.faults.has('blackhole')) return;
    this.world.advanceTo(Date.now());
    const reply = encodeResponse({
      cookie,
      stateCode: this.faults.has('loading') ? 2 : 3,
      changelist: this.options.changelist ?? 415558,
      // Bit 0 (modded): a server running SML and FRM.
      flags: this.faults.has('addon_missing') ? 0n : 1n,
      subStates: [...this.world.subStates].map(([id, version]) => ({ id, version })),
      serverName: this.options.name,
    });
    socket.send(reply, port, address);
  }

  private async onGameRequest(
    ctx: Parameters<typeof answerGameApi>[0],
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const body = await readBody(req).catch(() => null);
    if (this.faults.appliesTo('slow', 'game')) await sleep(this.faults.get('slow')?.delayMs ?? 3000);
    if (res.destroyed) return;
    const hostile = hostileAnswer(this.faults, 'game', proxiedEndpoint(body));
    if (hostile) return hostile(res, { 'Keep-Alive': 'timeout=15.000000' });
    writeGameReply(res, answerGameApi(ctx, req, body), this.faults, () => {
      const raw = this.rawGameSockets.get(req.socket.remotePort ?? -1);
      if (raw) raw.resetAndDestroy();
      else res.destroy();
    });
  }

  private async onFrmRequest(
    ctx: Parameters<typeof handleFrmHttp>[0],
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    if (this.faults.appliesTo('slow', 'frm')) await sleep(this.faults.get('slow')?.delayMs ?? 3000);
    if (res.destroyed) return;
    handleFrmHttp(ctx, req, res);
  }

  private releaseHeld(): void {
    for (const socket of this.held) socket.destroy();
    this.held.clear();
  }
}

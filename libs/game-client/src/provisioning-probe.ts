import { GameClientError } from './errors';
import { GameApiClient } from './game-api.client';
import { describeChangelist, GAME_1_0_CHANGELIST } from './game-version';
import { FrmClient, type FrmVia } from './frm.client';
import { GameTransport } from './https-transport';
import { queryServerState as udpQuery, type ServerStateName } from './lightweight-query';
import type { ServerGameState } from './server-state';
import { probeTcp } from './tcp-probe';
import { readCertificateFingerprint } from './tls-fingerprint';

/**
 * The diagnostic steps of the spec, in order. `certificate` runs only for a server registered already (a pinned
 * fingerprint): its certificate must still be the one seen at registration before anything, a password least of
 * all, is sent to it.
 */
export type ProbeStepName = 'reachable' | 'certificate' | 'health_check' | 'password_login' | 'addon';

export interface ProbeStep {
  step: ProbeStepName;
  ok: boolean;
  durationMs: number;
  /** What was seen, in plain words ("connection refused on TCP 7777", "getPower answered 2 circuits via http"). */
  observed: string;
}

/** The spec's registration errors. */
export type ProvisioningErrorCode =
  'ServerUnreachableException' | 'InvalidAdminPasswordException' | 'ProvisioningFailedException';

export interface ProvisioningFailure {
  code: ProvisioningErrorCode;
  status: 502 | 422 | 500;
  step: ProbeStepName;
  /** The client's typed reason (refused, timeout, tls, wrong_password, addon_unavailable, ...). */
  reason: string;
  observed: string;
  remedy: string;
}

export interface ProbeResult {
  ok: boolean;
  steps: ProbeStep[];
  failure: ProvisioningFailure | null;
  /** From the UDP lightweight query, when it answered. */
  game: { changelist: number; version: string; state: ServerStateName; serverName: string } | null;
  /** SHA-256 fingerprint of the game port's certificate, to pin. */
  certFingerprint: string | null;
  serverState: ServerGameState | null;
  addonVia: FrmVia | null;
}

/** Options of one {@link ProvisioningProbe.probe} run. */
export interface ProbeRunOptions {
  /**
   * Called as each step finishes (passed or failed), in the diagnostic order, before the next step starts: lets a
   * caller show the steps live. A failed step is reported once diagnosed (its `observed` is the diagnosis). Errors
   * thrown by the callback reject the probe.
   */
  onStep?: (step: ProbeStep) => void;
}

export interface ProbeTarget {
  address: string;
  port: number;
  addonHttpPort: number;
  adminPassword: string;
  /**
   * The certificate fingerprint recorded at registration, for a server registered already (diagnose): the probe
   * checks it first (the `certificate` step) and runs on a connection pool of its own pinned to it, so a changed
   * certificate stops the probe before the admin password is sent. Null or absent: nothing pinned (registration).
   */
  pinnedFingerprint?: string | null;
}

/** What to do when a registered server's certificate is not the one pinned at registration. */
export const CERTIFICATE_CHANGED_REMEDY =
  "The server's certificate changed since it was registered, so nothing (no admin password) was sent to it. If you " +
  'reinstalled the server or replaced its certificate, remove the server here and register it again to trust the ' +
  'new certificate. If you did not, something else may answer on this address (a different machine, or someone ' +
  'intercepting the traffic): check the address and the network before you register it again.';

export const FIREWALL_RULES = 'inbound TCP 7777, UDP 7777, TCP 8888, TCP 8080 and TCP 8081 (never 15000 or 15777)';

const REMEDY = {
  unreachable:
    'Make sure the server runs, port 7777 is listening and open in the host firewall and in the cloud firewall or security ' +
    `group (${FIREWALL_RULES}), and that the host is the server's public address (NAT port forwarding must keep the port number).`,
  timeout:
    'Something drops the traffic: usually a cloud firewall or security group. Allow ' +
    FIREWALL_RULES +
    ', then retry.',
  loading: 'The server is loading a save, and its HTTPS API is down until that finishes. Wait a minute, then retry.',
  notGameApi:
    'The port answers, but not as the Satisfactory dedicated server HTTPS API: check that this is the game port (7777 unless ' +
    'changed) and that the server runs game version 1.0 or later.',
  password:
    "Reset or look up the admin password in the game's server settings (Administration tab), update it here, and retry.",
  addon:
    'Open port 8080 (TCP), install the Ficsit Remote Monitoring add-on, restart the server, then check that ' +
    'http://<host>:8080/getPower returns a JSON array.',
  noSession: 'The add-on runs but no save is loaded: load or create a session on the server, then retry.',
  certificate: CERTIFICATE_CHANGED_REMEDY,
} as const;

const unreachable = (step: ProbeStepName, reason: string, observed: string, remedy: string): ProvisioningFailure => ({
  code: 'ServerUnreachableException',
  status: 502,
  step,
  reason,
  observed,
  remedy,
});

/**
 * The registration check, in the spec's diagnostic order: TCP to the game port, HealthCheck, PasswordLogin,
 * the add-on's getPower. Stops at the first failure and says which step failed, what was seen, and what to do.
 */
export class ProvisioningProbe {
  constructor(
    private readonly transport: GameTransport,
    private readonly options: { timeoutMs?: number; requireAddon?: boolean } = {},
  ) {}

  async probe(target: ProbeTarget, options: ProbeRunOptions = {}): Promise<ProbeResult> {
    const pinned = target.pinnedFingerprint ?? null;
    if (!pinned) return this.run(this.transport, target, options);
    // A pool of its own: the shared one may hold a connection opened before the certificate changed, and a pin
    // there would also bind the next registration of this address.
    const transport = new GameTransport({ connectionsPerOrigin: 1 });
    transport.pin(target.address, target.port, pinned);
    try {
      return await this.run(transport, target, options);
    } finally {
      await transport.close();
    }
  }

  private async run(transport: GameTransport, target: ProbeTarget, options: ProbeRunOptions): Promise<ProbeResult> {
    const timeoutMs = this.options.timeoutMs ?? 5000;
    const result: ProbeResult = {
      ok: false,
      steps: [],
      failure: null,
      game: null,
      certFingerprint: null,
      serverState: null,
      addonVia: null,
    };
    const udp = udpQuery({
      host: target.address,
      port: target.port,
      timeoutMs: Math.min(1000, timeoutMs),
      attempts: 2,
    }).then(
      (r) => r,
      () => null,
    );
    const step = async (name: ProbeStepName, run: () => Promise<string>): Promise<boolean> => {
      const started = performance.now();
      let done: ProbeStep;
      try {
        const observed = await run();
        done = { step: name, ok: true, durationMs: performance.now() - started, observed };
      } catch (error) {
        const failure = this.diagnose(name, error, target, await udp);
        done = { step: name, ok: false, durationMs: performance.now() - started, observed: failure.observed };
        result.failure = failure;
      }
      result.steps.push(done);
      // Outside the try: a failing listener is not a failed step.
      options.onStep?.({ ...done });
      return done.ok;
    };
    const api = new GameApiClient(
      transport,
      { address: target.address, port: target.port },
      {
        timeoutMs,
        password: () => target.adminPassword,
      },
    );
    const frm = new FrmClient(transport, api, target, { timeoutMs });
    const pinned = target.pinnedFingerprint?.toUpperCase() ?? null;
    const ok =
      (await step('reachable', async () => {
        const tcp = await probeTcp(target.address, target.port, timeoutMs);
        if (!tcp.ok) throw new GameClientError(tcp.code, tcp.message, { transport: 'tcp' });
        return `TCP ${target.port} accepted a connection in ${Math.round(tcp.connectMs)} ms`;
      })) &&
      (!pinned ||
        (await step('certificate', async () => {
          const seen = await readCertificateFingerprint(target.address, target.port, timeoutMs);
          if (seen !== pinned)
            throw new GameClientError(
              'fingerprint_mismatch',
              `the certificate on TCP ${target.port} (SHA-256 ${seen}) is not the one seen at registration (${pinned})`,
              { transport: 'https' },
            );
          return `the certificate is the one seen at registration (SHA-256 ${short(pinned)})`;
        }))) &&
      (await step('health_check', async () => {
        const { health } = await api.healthCheck();
        result.certFingerprint = transport.fingerprintOf(target.address, target.port);
        return `HealthCheck answered "${health}"`;
      })) &&
      (await step('password_login', async () => {
        await api.login();
        result.serverState = await api.queryServerState().catch(() => null);
        return 'PasswordLogin accepted the admin password';
      })) &&
      (await step('addon', async () => {
        const { body, via } = await frm.get('getPower');
        if (!Array.isArray(body))
          throw new GameClientError('bad_json', 'getPower did not answer a JSON array', { transport: 'frm-http' });
        result.addonVia = via;
        return `getPower answered ${body.length} circuit(s) via ${via === 'http' ? `port ${target.addonHttpPort}` : 'the game port proxy'}`;
      }));
    const game = await udp;
    if (game)
      result.game = {
        changelist: game.changelist,
        version: describeChangelist(game.changelist),
        state: game.state,
        serverName: game.serverName,
      };
    if (!ok && result.failure?.step === 'addon' && this.options.requireAddon === false) {
      result.failure = null;
      result.ok = true;
      return result;
    }
    result.ok = ok;
    return result;
  }

  private diagnose(
    step: ProbeStepName,
    error: unknown,
    target: ProbeTarget,
    udp: Awaited<ReturnType<typeof udpQuery>> | null,
  ): ProvisioningFailure {
    if (!(error instanceof GameClientError)) throw error;
    const observed = error.message;
    // Whatever the step: the certificate is not the pinned one (the pool refused the connection before sending).
    if (error.code === 'fingerprint_mismatch')
      return unreachable(step, 'fingerprint_mismatch', observed, REMEDY.certificate);
    if (udp?.state === 'loading' && step !== 'addon') {
      return unreachable(
        step,
        'loading',
        `${observed}; the UDP query says the server is loading a save`,
        REMEDY.loading,
      );
    }
    if (udp && udp.changelist < GAME_1_0_CHANGELIST) {
      return unreachable(
        step,
        'not_game_api',
        `${observed}; the server runs ${describeChangelist(udp.changelist)}`,
        REMEDY.notGameApi,
      );
    }
    switch (step) {
      case 'certificate':
        return unreachable(step, error.code, `certificate: ${observed}`, REMEDY.notGameApi);
      case 'reachable':
        return unreachable(step, error.code, observed, error.code === 'timeout' ? REMEDY.timeout : REMEDY.unreachable);
      case 'health_check':
        if (error.code === 'timeout') return unreachable(step, 'timeout', `HealthCheck: ${observed}`, REMEDY.timeout);
        if (['tls', 'not_game_api', 'http_status', 'bad_json', 'bad_function', 'reset'].includes(error.code)) {
          return unreachable(step, error.code, `HealthCheck: ${observed}`, REMEDY.notGameApi);
        }
        return unreachable(step, error.code, `HealthCheck: ${observed}`, REMEDY.unreachable);
      case 'password_login':
        if (error.code === 'wrong_password') {
          return {
            code: 'InvalidAdminPasswordException',
            status: 422,
            step,
            reason: 'wrong_password',
            observed: 'PasswordLogin answered wrong_password',
            remedy: REMEDY.password,
          };
        }
        return unreachable(
          step,
          error.code,
          `PasswordLogin: ${observed}`,
          error.code === 'timeout' ? REMEDY.timeout : REMEDY.unreachable,
        );
      case 'addon':
        return {
          code: 'ProvisioningFailedException',
          status: 500,
          step,
          reason: error.code,
          observed,
          remedy:
            error.code === 'world_not_ready'
              ? REMEDY.noSession
              : REMEDY.addon.replaceAll('8080', String(target.addonHttpPort)),
        };
    }
  }
}

/** The first bytes of a fingerprint, for a message. */
function short(fingerprint: string): string {
  return `${fingerprint.slice(0, 23)}…`;
}

import { presetRules } from '@app/alerts';
import { randomUUID } from 'node:crypto';
import { Requests, Subjects } from '@app/contracts';
import { PrismaService } from '@app/database';
import {
  GameApiClient,
  GameClientError,
  GameTransport,
  ProvisioningProbe,
  TargetGuard,
  type ProbeResult,
  type ProbeStep,
} from '@app/game-client';
import { Messaging } from '@app/messaging';
import { SERVICE_CONFIG } from '@app/platform';
import { SecretBox, secretsOf } from '@app/secrets';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { ApiGatewayConfig } from '../app.config';
import { MetricsService } from '../metrics/metrics.service';
import { ApiError } from '../http/api-error';
import { serverView, type ServerRow, type ServerView } from './server-views';
import { isUuid } from '../http/ids';

export interface CreateServerInput {
  name: string;
  host: string;
  port: number;
  admin_password: string;
  addon_http_port: number;
  addon_ws_port: number;
}

export interface UpdateServerInput {
  name?: string;
  port?: number;
  addon_http_port?: number;
  addon_ws_port?: number;
  admin_password?: string;
}

/** One finished diagnostic step as the API shows it. */
export interface StepView {
  step: string;
  ok: boolean;
  duration_ms: number;
  observed: string;
}

export function stepView(s: ProbeStep): StepView {
  return { step: s.step, ok: s.ok, duration_ms: Math.round(s.durationMs), observed: s.observed };
}

/** Hooks of a registration, for a caller that shows the probe live (the NDJSON answer of POST /servers). */
export interface CreateServerHooks {
  /** Called once every check before the probe passed (target guard, duplicate, plan limit), as the probe starts. */
  onProbeStart?: () => void;
  /** Called as each diagnostic step finishes. */
  onStep?: (step: StepView) => void;
}

/** A probe's steps as the API shows them. */
function diagnostics(result: ProbeResult) {
  return {
    ok: result.ok,
    steps: result.steps.map(stepView),
    game: result.game
      ? { version: result.game.version, changelist: result.game.changelist, state: result.game.state }
      : null,
    addon_via: result.addonVia,
  };
}

/**
 * Registration of game servers: the target guard, the provisioning probe in the spec's diagnostic order, the
 * admin password sealed at rest (AES-256-GCM bound to the row id), and the lifecycle events for the poller.
 */
@Injectable()
export class ServersService implements OnModuleDestroy {
  private readonly logger = new Logger(ServersService.name);
  private readonly transport = new GameTransport({ connectionsPerOrigin: 1 });
  private readonly guard: TargetGuard;
  private readonly box: SecretBox;
  private readonly prober: ProvisioningProbe;

  constructor(
    private readonly prisma: PrismaService,
    private readonly messaging: Messaging,
    private readonly metrics: MetricsService,
    @Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig,
  ) {
    this.guard = new TargetGuard({ allowCidrs: config.TARGET_ALLOW_CIDRS });
    this.prober = new ProvisioningProbe(this.transport, { timeoutMs: config.PROBE_TIMEOUT_MS });
    this.box = SecretBox.fromEnv(secretsOf(config));
  }

  async onModuleDestroy(): Promise<void> {
    await this.transport.close();
  }

  async list(orgId: string): Promise<ServerView[]> {
    const rows = await this.prisma.server.findMany({
      where: { orgId },
      include: { state: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map(serverView);
  }

  /** A server of the organisation, or 404 (also for another organisation's id: ids never leak across tenants). */
  async find(orgId: string, id: string): Promise<ServerRow> {
    if (!isUuid(id)) throw ApiError.notFound('server');
    const row = await this.prisma.server.findFirst({ where: { id, orgId }, include: { state: true } });
    if (!row) throw ApiError.notFound('server');
    return row;
  }

  /**
   * Registers a server: target guard, duplicate and plan-limit checks, then the provisioning probe; saved only when
   * the probe passes. `hooks` see the probe start and each step finish; errors before the probe are thrown before
   * `onProbeStart` is called.
   */
  async create(orgId: string, input: CreateServerInput, hooks: CreateServerHooks = {}) {
    const verdict = await this.guard.check(input.host);
    if (!verdict.allowed)
      throw new ApiError(
        'TargetNotAllowed',
        verdict.reason,
        'Register the public address of the game server (a name or IP reachable from the internet).',
        { field: 'host', reason: verdict.code },
      );
    const host = verdict.host;
    await this.assertFree(orgId, host, input.port, null);
    const allowance = await this.messaging
      .request(Requests.serverAllowance, { orgId, host, port: input.port }, { timeoutMs: 2000 })
      .catch((error: unknown) => {
        this.logger.warn({ orgId, err: (error as Error).message }, 'billing-limits did not answer a server allowance');
        throw new ApiError(
          'ServiceUnavailable',
          'the plan limits cannot be checked right now',
          'Try again in a few seconds; nothing was saved.',
        );
      });
    if (!allowance.allowed)
      throw new ApiError(
        'PlanLimitReached',
        `the ${allowance.planId} plan allows ${allowance.limit} server(s) and ${allowance.used} are registered`,
        allowance.upgradePlanId
          ? `Remove a server or upgrade to the ${allowance.upgradePlanId} plan.`
          : 'Remove a server first.',
        { plan: allowance.planId, limit: allowance.limit, used: allowance.used, upgrade_plan: allowance.upgradePlanId },
      );
    hooks.onProbeStart?.();
    const onStep = hooks.onStep;
    const probe = await this.prober.probe(
      {
        address: verdict.address,
        port: input.port,
        addonHttpPort: input.addon_http_port,
        adminPassword: input.admin_password,
      },
      onStep ? { onStep: (step) => onStep(stepView(step)) } : {},
    );
    if (!probe.ok && probe.failure) {
      const f = probe.failure;
      const how = f.reason === 'timeout' ? 'timed out: ' : '';
      throw new ApiError(f.code, `${stepName(f.step)} failed: ${how}${f.observed}`, f.remedy, {
        step: f.step,
        reason: f.reason,
        observed: f.observed,
        diagnostics: diagnostics(probe),
      });
    }
    const id = randomUUID();
    let row: ServerRow;
    try {
      row = await this.prisma.server.create({
        data: {
          id,
          orgId,
          name: input.name,
          host,
          address: verdict.address,
          port: input.port,
          addonHttpPort: input.addon_http_port,
          addonWsPort: input.addon_ws_port,
          adminPasswordEnc: new Uint8Array(this.box.seal(input.admin_password, id)),
          certFingerprint: probe.certFingerprint,
          // The preset alert rules (offline, degraded, fuse tripped) come with the server, in the same transaction.
          alertRules: {
            create: presetRules().map((p) => ({
              orgId,
              kind: p.kind,
              name: p.name,
              severity: p.severity,
              params: p.params,
              pendingSeconds: p.pendingSeconds,
              pendingPolls: p.pendingPolls,
              preset: true,
            })),
          },
        },
        include: { state: true },
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw duplicate(host, input.port);
      throw error;
    }
    await this.announce('registered', row, { passwordChanged: false, changedFields: [] });
    return { ...serverView(row), diagnostics: diagnostics(probe) };
  }

  async update(orgId: string, id: string, input: UpdateServerInput) {
    const row = await this.find(orgId, id);
    const port = input.port ?? row.port;
    if (port !== row.port) await this.assertFree(orgId, row.host, port, row.id);
    const address = row.address ?? row.host;
    if (input.admin_password !== undefined) await this.verifyPassword(address, port, input.admin_password);
    const changed = (Object.keys(input) as (keyof UpdateServerInput)[]).filter((k) => input[k] !== undefined);
    let updated: ServerRow;
    try {
      updated = await this.prisma.server.update({
        where: { id: row.id },
        data: {
          name: input.name,
          port: input.port,
          addonHttpPort: input.addon_http_port,
          addonWsPort: input.addon_ws_port,
          adminPasswordEnc:
            input.admin_password !== undefined
              ? new Uint8Array(this.box.seal(input.admin_password, row.id))
              : undefined,
        },
        include: { state: true },
      });
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw duplicate(row.host, port);
      throw error;
    }
    this.metrics.forget(row.id);
    await this.announce('updated', updated, {
      passwordChanged: input.admin_password !== undefined,
      changedFields: changed,
    });
    return serverView(updated);
  }

  async remove(orgId: string, id: string): Promise<{ name: string; host: string; port: number }> {
    const row = await this.find(orgId, id);
    await this.prisma.server.delete({ where: { id: row.id } });
    this.metrics.forget(row.id);
    // Samples stay until retention removes them; the poller stops polling on this event.
    this.messaging.publish(Subjects.serverDeleted, {
      serverId: row.id,
      orgId: row.orgId,
      occurredAt: new Date().toISOString(),
    });
    return { name: row.name, host: row.host, port: row.port };
  }

  async diagnose(orgId: string, id: string) {
    const row = await this.find(orgId, id);
    let password: string;
    try {
      password = this.box.open(row.adminPasswordEnc, row.id);
    } catch {
      throw new ApiError(
        'InternalError',
        'the stored admin password of this server cannot be decrypted',
        'Set the admin password again with PATCH /api/v1/servers/{id}.',
      );
    }
    const probe = await this.prober.probe({
      address: row.address ?? row.host,
      port: row.port,
      addonHttpPort: row.addonHttpPort,
      adminPassword: password,
    });
    return {
      ...diagnostics(probe),
      failure: probe.failure
        ? {
            code: probe.failure.code,
            step: probe.failure.step,
            reason: probe.failure.reason,
            observed: probe.failure.observed,
            remedy: probe.failure.remedy,
          }
        : null,
    };
  }

  private async verifyPassword(address: string, port: number, password: string): Promise<void> {
    const api = new GameApiClient(
      this.transport,
      { address, port },
      { timeoutMs: this.config.PROBE_TIMEOUT_MS, password: () => password },
    );
    try {
      await api.login();
    } catch (error) {
      if (error instanceof GameClientError && error.code === 'wrong_password')
        throw new ApiError(
          'InvalidAdminPasswordException',
          'PasswordLogin refused the new admin password; nothing was changed',
          'Use the admin password set in the server manager of the game (or with the console command).',
          { step: 'password_login', reason: error.code },
        );
      const observed = error instanceof Error ? error.message : 'no answer';
      throw new ApiError(
        'ServerUnreachableException',
        `the new admin password could not be checked: ${observed}; nothing was changed`,
        'Make sure the server runs and is reachable, then try again.',
        { step: 'password_login', reason: error instanceof GameClientError ? error.code : 'unknown' },
      );
    }
  }

  private async assertFree(orgId: string, host: string, port: number, except: string | null): Promise<void> {
    const clash = await this.prisma.server.findFirst({
      where: { orgId, host, port, ...(except ? { NOT: { id: except } } : {}) },
      select: { id: true },
    });
    if (clash) throw duplicate(host, port);
  }

  private async announce(
    what: 'registered' | 'updated',
    row: ServerRow,
    change: { passwordChanged: boolean; changedFields: string[] },
  ): Promise<void> {
    const base = {
      serverId: row.id,
      orgId: row.orgId,
      occurredAt: new Date().toISOString(),
      name: row.name,
      host: row.host,
      address: row.address,
      port: row.port,
      addonHttpPort: row.addonHttpPort,
      addonWsPort: row.addonWsPort,
    };
    try {
      if (what === 'registered') this.messaging.publish(Subjects.serverRegistered, base);
      else this.messaging.publish(Subjects.serverUpdated, { ...base, ...change });
    } catch (error) {
      // Saved already; the poller also reloads servers from PostgreSQL, so this is late, not lost.
      this.logger.warn({ serverId: row.id, err: (error as Error).message }, `could not announce server.${what}`);
    }
  }
}

function duplicate(host: string, port: number): ApiError {
  return new ApiError(
    'Conflict',
    `${host}:${port} is already registered in this organisation`,
    'Open the existing server instead of adding it twice.',
    { host, port },
  );
}

function stepName(step: string): string {
  return (
    {
      reachable: 'reaching the game port',
      health_check: 'HealthCheck',
      password_login: 'PasswordLogin',
      addon: 'the add-on check (getPower)',
    }[step] ?? step
  );
}

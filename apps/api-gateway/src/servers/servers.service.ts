import { randomUUID } from 'node:crypto';
import { Requests, Subjects } from '@app/contracts';
import { ProvisioningProbe, TargetGuard } from '@app/game-client';
import { Messaging } from '@app/messaging';
import { Clock } from '@app/platform';
import { SecretBox } from '@app/secrets';
import { Injectable, Logger } from '@nestjs/common';
import { AlertsService } from '../alerts/alerts.service';
import { DuplicateKeyError } from '../common/duplicate-key';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';
import { MetricsService } from '../metrics/metrics.service';
import { AdminPasswordProbe } from './admin-password.probe';
import { diagnostics, stepName, stepView, type StepView } from './probe-views';
import { serverView, type ServerRow, type ServerView } from './server-views';
import { ServersRepository, ServerLimitReached, type PlanFull } from './servers.repository';

export { stepView, type StepView } from './probe-views';

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

/** Hooks of a registration, for a caller that shows the probe live (the NDJSON answer of POST /servers). */
export interface CreateServerHooks {
  /** Awaited once every check before the probe passed, before it starts (the probe throttle); may throw. */
  beforeProbe?: () => Promise<void>;
  /** Called once every check before the probe passed (target guard, duplicate, plan limit), as the probe starts. */
  onProbeStart?: () => void;
  /** Called as each diagnostic step finishes. */
  onStep?: (step: StepView) => void;
}

/**
 * Registration of game servers: the target guard, the provisioning probe in the spec's diagnostic order, the
 * admin password sealed at rest (AES-256-GCM bound to the row id), and the lifecycle events for the poller.
 */
@Injectable()
export class ServersService {
  private readonly logger = new Logger(ServersService.name);

  constructor(
    private readonly repository: ServersRepository,
    private readonly messaging: Messaging,
    private readonly metrics: MetricsService,
    private readonly guard: TargetGuard,
    private readonly prober: ProvisioningProbe,
    private readonly passwords: AdminPasswordProbe,
    private readonly box: SecretBox,
    private readonly clock: Clock,
    private readonly alerts: AlertsService,
  ) {}

  async list(orgId: string): Promise<ServerView[]> {
    return (await this.repository.list(orgId)).map(serverView);
  }

  /** A server of the organisation, or 404 (also for another organisation's id: ids never leak across tenants). */
  async find(orgId: string, id: string): Promise<ServerRow> {
    if (!isUuid(id)) throw ApiError.notFound('server');
    const row = await this.repository.find(orgId, id);
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
    await this.assertAllowed(orgId, host, input.port);
    await hooks.beforeProbe?.();
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
    const row = await this.repository
      .create({
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
      })
      .catch(rethrowDuplicate(host, input.port))
      .catch(rethrowPlanFull);
    await this.presets(orgId, id);
    this.announce('registered', row, { passwordChanged: false, changedFields: [] });
    return { ...serverView(row), diagnostics: diagnostics(probe) };
  }

  /**
   * The preset alert rules of a new server (libs/alerts PRESET_KINDS), made by alerting, which owns them,
   * before the registration answers. Without an answer from alerting the server is still registered (its polling
   * does not depend on alerting); the failure is logged with the server, and the rules can be added by hand.
   */
  private async presets(orgId: string, serverId: string): Promise<void> {
    try {
      await this.alerts.createPresetRules(orgId, serverId);
    } catch (error) {
      this.logger.error(
        { serverId, err: (error as Error).message },
        'preset alert rules not created: alerting did not answer (add them by hand from the rule catalogue)',
      );
    }
  }

  async update(orgId: string, id: string, input: UpdateServerInput) {
    const row = await this.find(orgId, id);
    const port = input.port ?? row.port;
    if (port !== row.port) await this.assertFree(orgId, row.host, port, row.id);
    // Pinned to the certificate seen at registration, as the poller pins it (on whichever port): a changed
    // certificate never receives the new password.
    if (input.admin_password !== undefined)
      await this.passwords.verify(checkedAddress(row), port, input.admin_password, row.certFingerprint);
    const changed = (Object.keys(input) as (keyof UpdateServerInput)[]).filter((k) => input[k] !== undefined);
    const updated = await this.repository
      .update(row.id, {
        name: input.name,
        port: input.port,
        addonHttpPort: input.addon_http_port,
        addonWsPort: input.addon_ws_port,
        adminPasswordEnc:
          input.admin_password !== undefined ? new Uint8Array(this.box.seal(input.admin_password, row.id)) : undefined,
      })
      .catch(rethrowDuplicate(row.host, port));
    this.metrics.forget(row.id);
    this.announce('updated', updated, {
      passwordChanged: input.admin_password !== undefined,
      changedFields: changed,
    });
    return serverView(updated);
  }

  async remove(orgId: string, id: string): Promise<{ name: string; host: string; port: number }> {
    const row = await this.find(orgId, id);
    await this.repository.delete(row.id);
    this.metrics.forget(row.id);
    // Samples stay until retention removes them; the poller stops polling on this event.
    this.messaging.publish(Subjects.serverDeleted, {
      serverId: row.id,
      orgId: row.orgId,
      occurredAt: this.clock.now().toISOString(),
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
      address: checkedAddress(row),
      port: row.port,
      addonHttpPort: row.addonHttpPort,
      adminPassword: password,
      // The certificate seen at registration, as the poller pins it: a changed one is the `certificate` step's
      // failure, and the probe stops before the password is sent.
      pinnedFingerprint: row.certFingerprint,
    });
    const failure = probe.failure;
    return {
      ...diagnostics(probe),
      failure: failure
        ? {
            code: failure.code,
            step: failure.step,
            reason: failure.reason,
            observed: failure.observed,
            remedy: failure.remedy,
          }
        : null,
    };
  }

  private async assertFree(orgId: string, host: string, port: number, except: string | null): Promise<void> {
    if (await this.repository.isTaken(orgId, host, port, except)) throw duplicate(host, port);
  }

  /** The plan's server limit, as billing-limits counts it; 503 when it cannot be asked. */
  private async assertAllowed(orgId: string, host: string, port: number): Promise<void> {
    const allowance = await this.messaging
      .request(Requests.serverAllowance, { orgId, host, port }, { timeoutMs: 2000 })
      .catch((error: unknown) => {
        this.logger.warn({ orgId, err: (error as Error).message }, 'billing-limits did not answer a server allowance');
        throw new ApiError(
          'ServiceUnavailable',
          'the plan limits cannot be checked right now',
          'Try again in a few seconds; nothing was saved.',
        );
      });
    if (!allowance.allowed)
      throw planLimitReached({
        planId: allowance.planId,
        limit: allowance.limit ?? 0,
        used: allowance.used,
        upgradePlanId: allowance.upgradePlanId,
      });
  }

  private announce(
    what: 'registered' | 'updated',
    row: ServerRow,
    change: { passwordChanged: boolean; changedFields: string[] },
  ): void {
    const base = {
      serverId: row.id,
      orgId: row.orgId,
      occurredAt: this.clock.now().toISOString(),
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

/** 403 PlanLimitReached: the plan's servers are all taken; names the plan to upgrade to. */
function planLimitReached(full: PlanFull): ApiError {
  return new ApiError(
    'PlanLimitReached',
    `the ${full.planId} plan allows ${full.limit} server(s) and ${full.used} are registered`,
    full.upgradePlanId ? `Remove a server or upgrade to the ${full.upgradePlanId} plan.` : 'Remove a server first.',
    { plan: full.planId, limit: full.limit, used: full.used, upgrade_plan: full.upgradePlanId },
  );
}

/**
 * The check before the probe is advice; the insert decides under the organisation's lock. A registration that
 * passed the first while a concurrent one took the last place is refused here with the same 403.
 */
function rethrowPlanFull(error: unknown): never {
  throw error instanceof ServerLimitReached ? planLimitReached(error.full) : error;
}

function duplicate(host: string, port: number): ApiError {
  return new ApiError(
    'Conflict',
    `${host}:${port} is already registered in this organisation`,
    'Open the existing server instead of adding it twice.',
    { host, port },
  );
}

/** A unique-key refusal of host:port (a concurrent registration won) is the same 409 as the check before it. */
function rethrowDuplicate(host: string, port: number) {
  return (error: unknown): never => {
    throw error instanceof DuplicateKeyError ? duplicate(host, port) : error;
  };
}

/**
 * The address the target guard checked at registration: the only one the platform connects to, never the typed host
 * again. '' for a server registered by name before addresses were pinned: it must be registered again.
 */
function checkedAddress(row: ServerRow): string {
  if (row.address) return row.address;
  throw new ApiError(
    'Conflict',
    `${row.host} has no checked address: it was registered before addresses were pinned, so it is not contacted`,
    'Re-register the server: delete it and add it again, so that its address is checked.',
  );
}

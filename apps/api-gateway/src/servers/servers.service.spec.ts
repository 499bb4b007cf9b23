import type { Messaging } from '@app/messaging';
import { TargetGuard, type ProbeResult, type ProvisioningProbe } from '@app/game-client';
import { ManualClock } from '@app/platform';
import { SecretBox } from '@app/secrets';
import type { AlertsService } from '../alerts/alerts.service';
import { DuplicateKeyError } from '../common/duplicate-key';
import { ApiError } from '../http/api-error';
import type { MetricsService } from '../metrics/metrics.service';
import type { AdminPasswordProbe } from './admin-password.probe';
import type { ServerRow } from './server-views';
import type { NewServer, ServersRepository } from './servers.repository';
import { ServersService, type CreateServerInput } from './servers.service';

const ORG = '00000000-0000-4000-8000-00000000000a';
const SERVER = '00000000-0000-4000-8000-0000000000c1';
const PUBLIC_IP = '1.1.1.1';
const input: CreateServerInput = {
  name: 'Factory',
  host: PUBLIC_IP,
  port: 7777,
  admin_password: 'spec-admin-password',
  addon_http_port: 8080,
  addon_ws_port: 8081,
};
const passed: ProbeResult = {
  ok: true,
  steps: [{ step: 'reachable', ok: true, durationMs: 2.4, observed: 'TCP 7777 accepted' }],
  failure: null,
  game: null,
  certFingerprint: 'AA:BB',
  serverState: null,
  addonVia: null,
};

function setup() {
  const clock = new ManualClock(Date.parse('2026-03-01T10:00:00Z'));
  const box = new SecretBox(Buffer.alloc(32, 7).toString('base64'));
  const stored = (s: NewServer): ServerRow => ({ ...s, createdAt: clock.now(), state: null });
  const existing: ServerRow = stored({
    id: SERVER,
    orgId: ORG,
    name: 'Factory',
    host: PUBLIC_IP,
    address: PUBLIC_IP,
    port: 7777,
    addonHttpPort: 8080,
    addonWsPort: 8081,
    adminPasswordEnc: new Uint8Array(box.seal('old-password', SERVER)),
    certFingerprint: null,
  });
  const repository = {
    list: jest.fn(async () => [existing]),
    find: jest.fn(async () => existing as ServerRow | null),
    isTaken: jest.fn(async () => false),
    create: jest.fn(async (s: NewServer) => stored(s)),
    update: jest.fn(async (_id: string, changes: Partial<ServerRow>) => ({ ...existing, ...changes })),
    delete: jest.fn(async () => undefined),
  };
  const messaging = {
    request: jest.fn(async () => ({ allowed: true, planId: 'pro', limit: 10, used: 1, upgradePlanId: null })),
    publish: jest.fn(),
  };
  const prober = { probe: jest.fn(async () => passed) };
  const passwords = { verify: jest.fn(async () => undefined) };
  const metrics = { forget: jest.fn() };
  const alerts = { createPresetRules: jest.fn(async () => ({ created: 3 })) };
  const service = new ServersService(
    repository as unknown as ServersRepository,
    messaging as unknown as Messaging,
    metrics as unknown as MetricsService,
    new TargetGuard(),
    prober as unknown as ProvisioningProbe,
    passwords as unknown as AdminPasswordProbe,
    box,
    clock,
    alerts as unknown as AlertsService,
  );
  return { service, repository, messaging, prober, passwords, metrics, box, clock, alerts };
}

describe('ServersService registration', () => {
  it('refuses a private or loopback target before anything else (TargetNotAllowed)', async () => {
    const { service, prober, messaging } = setup();
    const onProbeStart = jest.fn();
    const error = await service.create(ORG, { ...input, host: '127.0.0.1' }, { onProbeStart }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'TargetNotAllowed', details: { field: 'host' } });
    expect(messaging.request).not.toHaveBeenCalled();
    expect(prober.probe).not.toHaveBeenCalled();
    expect(onProbeStart).not.toHaveBeenCalled();
  });

  it('refuses a host:port the organisation has already (409) before asking the plan or probing', async () => {
    const { service, repository, prober, messaging } = setup();
    repository.isTaken.mockResolvedValue(true);
    await expect(service.create(ORG, input)).rejects.toMatchObject({
      status: 409,
      details: { host: PUBLIC_IP, port: 7777 },
    });
    expect(messaging.request).not.toHaveBeenCalled();
    expect(prober.probe).not.toHaveBeenCalled();
  });

  it("refuses a server beyond the plan's limit (403 PlanLimitReached) naming the plan to upgrade to", async () => {
    const { service, messaging, prober, repository } = setup();
    messaging.request.mockResolvedValue({
      allowed: false,
      planId: 'free',
      limit: 1,
      used: 1,
      upgradePlanId: 'hobby',
    } as never);
    const error = (await service.create(ORG, input).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 403,
      code: 'PlanLimitReached',
      message: 'the free plan allows 1 server(s) and 1 are registered',
      remedy: 'Remove a server or upgrade to the hobby plan.',
      details: { plan: 'free', limit: 1, used: 1, upgrade_plan: 'hobby' },
    });
    expect(prober.probe).not.toHaveBeenCalled();
    expect(repository.create).not.toHaveBeenCalled();
  });

  it('answers 503 when billing-limits does not answer, and saves nothing', async () => {
    const { service, messaging, repository } = setup();
    messaging.request.mockRejectedValue(new Error('timeout'));
    await expect(service.create(ORG, input)).rejects.toMatchObject({ status: 503, code: 'ServiceUnavailable' });
    expect(repository.create).not.toHaveBeenCalled();
  });

  it('a failed probe names the step and what was seen; nothing is saved', async () => {
    const { service, prober, repository } = setup();
    prober.probe.mockResolvedValue({
      ...passed,
      ok: false,
      failure: {
        code: 'InvalidAdminPasswordException',
        status: 422,
        step: 'password_login',
        reason: 'wrong_password',
        observed: 'the game refused the password',
        remedy: 'Use the admin password.',
      },
    });
    await expect(service.create(ORG, input)).rejects.toMatchObject({
      status: 422,
      code: 'InvalidAdminPasswordException',
      message: 'PasswordLogin failed: the game refused the password',
      details: { step: 'password_login', reason: 'wrong_password' },
    });
    expect(repository.create).not.toHaveBeenCalled();
  });

  it('saves the server with its password sealed (never in clear), asks alerting for its preset rules, and announces it', async () => {
    const { service, repository, messaging, box, alerts } = setup();
    const steps: unknown[] = [];
    const created = await service.create(ORG, input, { onStep: (s) => steps.push(s) });
    const [saved] = repository.create.mock.calls[0] as unknown as [NewServer];
    expect(Buffer.from(saved.adminPasswordEnc).toString('latin1')).not.toContain(input.admin_password);
    expect(box.open(saved.adminPasswordEnc, saved.id)).toBe(input.admin_password);
    expect(saved).toMatchObject({ orgId: ORG, host: PUBLIC_IP, address: PUBLIC_IP, certFingerprint: 'AA:BB' });
    expect(alerts.createPresetRules).toHaveBeenCalledWith(ORG, saved.id);
    expect(created).toMatchObject({ id: saved.id, status: 'unknown', diagnostics: { ok: true } });
    expect(created.diagnostics.steps).toEqual([
      { step: 'reachable', ok: true, duration_ms: 2, observed: 'TCP 7777 accepted' },
    ]);
    expect(JSON.stringify(created)).not.toContain(input.admin_password);
    expect(messaging.publish).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ serverId: saved.id, orgId: ORG, occurredAt: '2026-03-01T10:00:00.000Z' }),
    );
  });

  it('alerting not answering for the preset rules does not refuse the registration: the server is saved and announced', async () => {
    const { service, repository, messaging, alerts } = setup();
    alerts.createPresetRules.mockRejectedValue(new Error('alerting is unavailable'));
    const created = await service.create(ORG, input);
    expect(repository.create).toHaveBeenCalledTimes(1);
    expect(created).toMatchObject({ status: 'unknown' });
    expect(messaging.publish).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ serverId: created.id, orgId: ORG }),
    );
  });

  it('a concurrent registration of the same host:port that wins the unique key is the same 409', async () => {
    const { service, repository, messaging } = setup();
    repository.create.mockRejectedValue(new DuplicateKeyError(new Error('P2002')));
    await expect(service.create(ORG, input)).rejects.toMatchObject({ status: 409, code: 'Conflict' });
    expect(messaging.publish).not.toHaveBeenCalled();
  });
});

describe('ServersService changes', () => {
  it("another organisation's server, or a malformed id, is a 404 (no id leaks across tenants)", async () => {
    const { service, repository } = setup();
    repository.find.mockResolvedValue(null);
    await expect(service.find(ORG, SERVER)).rejects.toMatchObject({ status: 404 });
    await expect(service.find(ORG, 'x')).rejects.toMatchObject({ status: 404 });
    expect(repository.find).toHaveBeenCalledTimes(1);
  });

  it('a new admin password is checked with the game first: refused, nothing changes', async () => {
    const { service, repository, passwords } = setup();
    passwords.verify.mockRejectedValue(new ApiError('InvalidAdminPasswordException', 'refused'));
    await expect(service.update(ORG, SERVER, { admin_password: 'new-password' })).rejects.toMatchObject({
      status: 422,
    });
    expect(passwords.verify).toHaveBeenCalledWith(PUBLIC_IP, 7777, 'new-password', null);
    expect(repository.update).not.toHaveBeenCalled();
  });

  it('a new port already used by another server of the organisation is a 409', async () => {
    const { service, repository } = setup();
    repository.isTaken.mockResolvedValue(true);
    await expect(service.update(ORG, SERVER, { port: 7778 })).rejects.toMatchObject({ status: 409 });
    expect(repository.isTaken).toHaveBeenCalledWith(ORG, PUBLIC_IP, 7778, SERVER);
    expect(repository.update).not.toHaveBeenCalled();
  });

  it('an update tells the poller what changed, without the password', async () => {
    const { service, messaging, metrics } = setup();
    await service.update(ORG, SERVER, { name: 'Renamed', admin_password: 'new-password' });
    expect(metrics.forget).toHaveBeenCalledWith(SERVER);
    const event = messaging.publish.mock.calls[0]![1] as Record<string, unknown>;
    expect(event).toMatchObject({ passwordChanged: true, changedFields: ['name', 'admin_password'], name: 'Renamed' });
    expect(JSON.stringify(event)).not.toContain('new-password');
  });

  it('removal deletes the server and tells the poller to stop, at the time of the clock', async () => {
    const { service, repository, messaging } = setup();
    await expect(service.remove(ORG, SERVER)).resolves.toEqual({ name: 'Factory', host: PUBLIC_IP, port: 7777 });
    expect(repository.delete).toHaveBeenCalledWith(SERVER);
    expect(messaging.publish).toHaveBeenCalledWith(expect.anything(), {
      serverId: SERVER,
      orgId: ORG,
      occurredAt: '2026-03-01T10:00:00.000Z',
    });
  });

  it('a stored password that cannot be decrypted makes the diagnosis a 500 that says what to do', async () => {
    const { service, repository, prober } = setup();
    const row = await repository.find();
    repository.find.mockResolvedValue({ ...row!, adminPasswordEnc: new Uint8Array([1, 2, 3]) });
    await expect(service.diagnose(ORG, SERVER)).rejects.toMatchObject({
      status: 500,
      remedy: 'Set the admin password again with PATCH /api/v1/servers/{id}.',
    });
    expect(prober.probe).not.toHaveBeenCalled();
  });
});

import { randomUUID } from 'node:crypto';
import { Subjects, type AlertConfigChanged, type PlanEntitlements } from '@app/contracts';
import type { Messaging } from '@app/messaging';
import { SecretBox } from '@app/secrets';
import {
  connectTestMessaging,
  createTestDatabase,
  eventually,
  seedAccount,
  serviceEnv,
  ServiceProcess,
  sql,
  startDiscordReceiver,
  type DiscordReceiver,
  type TestDatabase,
} from '@app/testing';
// The gateway's client side of the contract, against the real alerting process: the path the REST routes take.
import type { AuditService } from '../../api-gateway/src/audit/audit.service';
import type { Principal } from '../../api-gateway/src/auth/principal';
import type { BillingClient } from '../../api-gateway/src/billing/billing.client';
import { AlertsService } from '../../api-gateway/src/alerts/alerts.service';
import type { OutboundThrottle } from '../../api-gateway/src/alerts/outbound-throttle';
import type { EmailVerificationService } from '../../api-gateway/src/auth/email-verification.service';
import type { ApiError } from '../../api-gateway/src/http/api-error';

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');
const SECRET_PATH = 'hooks/very-secret-token-4711';

describe('alert configuration over NATS request-reply: gateway client -> alerting responder (real NATS, PostgreSQL)', () => {
  const prefix = `rr${randomUUID().slice(0, 8)}`;
  let db: TestDatabase;
  let messaging: Messaging;
  let alerting: ServiceProcess;
  let gateway: AlertsService;
  const audited: string[] = [];
  const announced: AlertConfigChanged[] = [];
  const onTheBus: string[] = [];
  let caller: Principal;
  let serverId: string;
  let discord: DiscordReceiver;

  const refusal = async (promise: Promise<unknown>): Promise<ApiError> =>
    (await promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: unknown) => e,
    )) as ApiError;

  beforeAll(async () => {
    db = await createTestDatabase();
    discord = await startDiscordReceiver();
    messaging = await connectTestMessaging(prefix, 'api-gateway');
    messaging.subscribe(Subjects.alertConfigChanged, (e) => {
      announced.push(e);
    });
    // Everything on this test's part of the bus, as any process connected to NATS could read it.
    messaging.subscribeRaw(`${prefix}.>`, (m) => void onTheBus.push(Buffer.from(m.data).toString('utf8')));
    messaging.subscribeRaw('_INBOX.>', (m) => void onTheBus.push(Buffer.from(m.data).toString('utf8')));
    alerting = ServiceProcess.start(
      'alerting',
      serviceEnv(db.url, prefix, {
        SECRETS_KEY,
        TARGET_ALLOW_CIDRS: '127.0.0.0/8',
        DISCORD_WEBHOOK_EXTRA_HOSTS: '127.0.0.1',
      }),
    );
    await alerting.ready(30_000);
    const plan = { planId: 'pro', discordAlerts: true, multiChannelAlerts: true } as PlanEntitlements;
    gateway = new AlertsService(
      messaging,
      { entitlements: async () => plan } as unknown as BillingClient,
      { record: async (_c: unknown, action: string) => void audited.push(action) } as unknown as AuditService,
      new SecretBox(SECRETS_KEY),
      // The outbound throttles (PostgreSQL counters) are the api-gateway's own: tested in outbound-limits.e2e-spec.
      { take: async () => undefined } as unknown as OutboundThrottle,
      // Verified-e-mail checks are account-mail.e2e-spec's; this caller counts as verified.
      { require: async () => undefined } as unknown as EmailVerificationService,
    );
    const { orgId, userId } = await seedAccount(db.url, 'pro');
    caller = { orgId, userId } as Principal;
    serverId = randomUUID();
    await sql(
      db.url,
      `INSERT INTO servers (id, org_id, name, host, address, port, admin_password_enc)
       VALUES ($1, $2, 'Base', '203.0.113.7', '203.0.113.7', 17777, '\\x00'::bytea)`,
      [serverId, orgId],
    );
  }, 60_000);

  afterAll(async () => {
    await alerting?.stop().catch(() => undefined);
    await messaging?.close();
    await discord?.close();
    await db?.drop();
  });

  it('creates a channel through alerting: the answer and the list never carry its URL; the change is announced', async () => {
    const created = await gateway.createChannel(caller, {
      kind: 'webhook',
      name: 'Ops hook',
      config: { url: `http://127.0.0.1:9/${SECRET_PATH}` },
      enabled: true,
      locale: 'en',
    });
    expect(created.signing_secret).toMatch(/^gsm_whsec_/);
    const listed = await gateway.listChannels(caller.orgId);
    expect(listed.map((c) => c.id)).toEqual([created.id]);
    for (const answer of [created, listed, await gateway.getChannel(caller.orgId, created.id)])
      expect(JSON.stringify(answer)).not.toContain('very-secret-token');
    expect(JSON.stringify(listed)).not.toContain(created.signing_secret);
    // The URL went to alerting and the signing secret came back sealed: neither crossed NATS readable.
    await eventually(() => onTheBus.some((m) => m.includes('sealedConfig')) || undefined);
    expect(onTheBus.filter((m) => m.includes('very-secret-token') || m.includes(created.signing_secret!))).toEqual([]);
    expect(audited).toContain('channel.created');
    await eventually(() => announced.find((e) => e.orgId === caller.orgId && e.what === 'channels'));
    const [row] = await sql<{ n: number }>(db.url, `SELECT count(*)::int AS n FROM notification_channels`);
    expect(row!.n).toBe(1);
  });

  it("alerting's refusals arrive as the REST errors: 400 naming the field, 404 for unknown ids", async () => {
    const foreign = await seedAccount(db.url, 'pro');
    const hook = await gateway.createChannel({ orgId: foreign.orgId, userId: foreign.userId } as Principal, {
      kind: 'webhook',
      name: 'Theirs',
      config: { url: 'http://127.0.0.1:9/theirs' },
      enabled: true,
      locale: 'en',
    });
    const invalid = await refusal(
      gateway.createRule(caller, serverId, {
        kind: 'player_count_above',
        params: { above: 3 },
        channel_ids: [hook.id],
      }),
    );
    expect([invalid.code, invalid.status]).toEqual(['ValidationFailed', 400]);
    expect(invalid.details).toEqual({ fields: [{ field: 'channel_ids', problem: 'unknown channel' }] });

    const missing = await refusal(gateway.getRule(caller.orgId, serverId, randomUUID()));
    expect([missing.code, missing.status, missing.message]).toEqual(['NotFound', 404, 'alert rule not found']);
    const notAnId = await refusal(gateway.listRules(caller.orgId, 'not-an-id'));
    expect(notAnId.message).toBe('server not found');
    const target = await refusal(
      gateway.createChannel(caller, {
        kind: 'slack',
        name: 'x',
        config: { url: 'http://10.0.0.1/x' },
        enabled: true,
        locale: 'en',
      }),
    );
    expect(target.code).toBe('TargetNotAllowed');
  });

  it('creates a rule and presets once, and reads them back through alerting', async () => {
    const rule = await gateway.createRule(caller, serverId, { kind: 'player_count_above', params: { above: 3 } });
    expect(rule).toMatchObject({ server_id: serverId, kind: 'player_count_above', state: 'ok', channel_ids: null });
    expect((await gateway.createPresetRules(caller.orgId, serverId)).created).toBe(6);
    expect((await gateway.createPresetRules(caller.orgId, serverId)).created).toBe(0);
    const kinds = (await gateway.listRules(caller.orgId, serverId)).map((r) => r.kind);
    expect(kinds.sort()).toEqual([
      'battery_empty_soon',
      'degraded',
      'drone_station_stopped',
      'fuse_tripped',
      'generator_fuel_low',
      'player_count_above',
      'server_offline',
    ]);
    expect(audited).toContain('alert_rule.created');
  });

  it("keeps each channel's language (English unless chosen), and its test message is in that language", async () => {
    const first = (await gateway.listChannels(caller.orgId))[0]!;
    expect(first.locale).toBe('en');
    const channel = await gateway.createChannel(caller, {
      kind: 'discord',
      name: 'Pioniere',
      config: { url: discord.webhookUrl },
      enabled: true,
      locale: 'de',
    });
    expect(channel.locale).toBe('de');
    expect((await gateway.getChannel(caller.orgId, channel.id)).locale).toBe('de');
    const sent = await gateway.testChannel(caller, channel.id);
    expect(sent).toMatchObject({ delivered: true, error: null });
    const [german] = discord.messages();
    expect(german!.embeds?.[0]).toMatchObject({
      title: '[TEST] Testnachricht',
      fields: [
        { name: 'Server', value: 'Satisfactory-Überwachung', inline: true },
        { name: 'Kanal', value: 'Pioniere', inline: true },
      ],
      footer: { text: 'Testbenachrichtigung · Regel: Testnachricht' },
    });
    expect(german!.embeds?.[0]?.description).toContain('Dies ist ein Test des Kanals „Pioniere“.');

    const french = await gateway.updateChannel(caller, channel.id, { locale: 'fr' });
    expect(french).toMatchObject({ id: channel.id, locale: 'fr', name: 'Pioniere' });
    expect((await gateway.listChannels(caller.orgId)).find((c) => c.id === channel.id)?.locale).toBe('fr');
    const [row] = await sql<{ locale: string }>(
      db.url,
      'SELECT locale::text FROM notification_channels WHERE id = $1',
      [channel.id],
    );
    expect(row!.locale).toBe('fr');
    expect(audited).toContain('channel.updated');
    await gateway.testChannel(caller, channel.id);
    expect(discord.messages()[1]?.embeds?.[0]?.title).toBe('[TEST] Message de test');
  });

  it('answers 503 when alerting does not answer', async () => {
    await alerting.stop();
    const error = await refusal(gateway.listChannels(caller.orgId));
    expect([error.code, error.status]).toEqual(['ServiceUnavailable', 503]);
  });
});

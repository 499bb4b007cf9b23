import { openChannelConfig } from '@app/alerts';
import { TargetGuard } from '@app/game-client';
import { SecretBox } from '@app/secrets';
import { randomBytes } from 'node:crypto';
import { AlertConfigFailure } from './alert-config.errors';
import type { AlertChannelsRepository, ChannelRecord } from './alert-channels.repository';
import { AlertChannelsService } from './alert-channels.service';
import type { ConfigChanges } from './config-changes.publisher';
import type { RecipientsService } from '../recipients/recipients.service';

const ORG = '00000000-0000-4000-8000-00000000000a';
const HOOK = 'https://hooks.example.com/services/T000/B000/very-secret-token-1234';
const box = SecretBox.fromEnv({ SECRETS_KEY: randomBytes(32).toString('base64') });
// Names resolve to a public address here: no DNS in unit tests.
const guard = new TargetGuard({ resolve: async () => [{ address: '93.184.215.14', family: 4 }] });

describe('AlertChannelsService (mocked repository)', () => {
  let rows: Map<string, ChannelRecord>;
  let repo: jest.Mocked<AlertChannelsRepository>;
  let changes: jest.Mocked<Pick<ConfigChanges, 'announce'>>;
  let service: AlertChannelsService;

  beforeEach(() => {
    rows = new Map();
    const at = new Date('2026-01-01T00:00:00Z');
    repo = {
      list: jest.fn(async () => [...rows.values()]),
      find: jest.fn(async (orgId: string, id: string) => (rows.get(id)?.orgId === orgId ? rows.get(id)! : null)),
      create: jest.fn(async (c) => {
        const row = { ...c, createdAt: at, updatedAt: at };
        rows.set(c.id, row);
        return row;
      }),
      createCapped: jest.fn(async (c) => {
        const row = { ...c, createdAt: at, updatedAt: at };
        rows.set(c.id, row);
        return row;
      }),
      update: jest.fn(async (id, c) => {
        const row = { ...rows.get(id)!, ...Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) };
        rows.set(id, row);
        return row;
      }),
      delete: jest.fn(),
      lastDeliveries: jest.fn(async () => new Map()),
    } as unknown as jest.Mocked<AlertChannelsRepository>;
    changes = { announce: jest.fn() };
    const recipients = { views: jest.fn(async () => new Map()), sync: jest.fn(), resend: jest.fn() };
    service = new AlertChannelsService(
      repo,
      box,
      guard,
      changes as unknown as ConfigChanges,
      recipients as unknown as RecipientsService,
      { DISCORD_WEBHOOK_EXTRA_HOSTS: [], ALERTING_MAX_CHANNELS_PER_ORG: 25 },
    );
  });

  it('never answers a webhook URL: not on creation, not in the list; the signing secret only once', async () => {
    const created = await service.create(ORG, {
      kind: 'webhook',
      name: 'Ops',
      config: { url: HOOK },
      enabled: true,
      locale: 'en',
    });
    expect(created.signing_secret).toMatch(/^gsm_whsec_/);
    const listed = await service.list(ORG);
    const fetched = await service.get(ORG, created.id);
    for (const answer of [created, listed, fetched]) expect(JSON.stringify(answer)).not.toContain('very-secret-token');
    expect(JSON.stringify(listed)).not.toContain(created.signing_secret);
    expect(JSON.stringify(fetched)).not.toContain(created.signing_secret);
    // What is stored is sealed: neither the URL nor the secret in clear, and it opens to both.
    const sealed = Buffer.from(rows.get(created.id)!.configEnc).toString('latin1');
    expect(sealed).not.toContain('hooks.example.com');
    const opened = openChannelConfig(box, created.id, 'webhook', rows.get(created.id)!.configEnc);
    expect(opened).toMatchObject({ url: HOOK, secret: created.signing_secret });
    expect(changes.announce).toHaveBeenCalledWith(ORG, null, 'channels');
  });

  it('refuses a URL to a private or loopback address', async () => {
    const error = (await service
      .create(ORG, {
        kind: 'webhook',
        name: 'Local',
        config: { url: 'http://127.0.0.1:9/hook' },
        enabled: true,
        locale: 'en',
      })
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(error).toBeInstanceOf(AlertConfigFailure);
    expect(error.code).toBe('TargetNotAllowed');
    expect(error.details).toMatchObject({ field: 'config.url' });
    expect(repo.createCapped).not.toHaveBeenCalled();
  });

  it('switching on a channel the plan does not allow is refused after its settings are checked', async () => {
    const created = await service.create(ORG, {
      kind: 'slack',
      name: 'S',
      config: { url: HOOK },
      enabled: false,
      locale: 'en',
    });
    const invalid = (await service
      .update(ORG, created.id, { enabled: true, config: { url: 'not a url' } }, false)
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(invalid.code).toBe('ValidationFailed');
    const refused = (await service
      .update(ORG, created.id, { enabled: true }, false)
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(refused.code).toBe('PlanLimitReached');
    expect(repo.update).not.toHaveBeenCalled();
    expect((await service.update(ORG, created.id, { enabled: true }, true)).enabled).toBe(true);
  });

  it("rotates a webhook's signing secret and answers the new one once; other kinds cannot rotate", async () => {
    const created = await service.create(ORG, {
      kind: 'webhook',
      name: 'Ops',
      config: { url: HOOK },
      enabled: true,
      locale: 'en',
    });
    const rotated = await service.update(ORG, created.id, { rotate_secret: true }, true);
    expect(rotated.signing_secret).toMatch(/^gsm_whsec_/);
    expect(rotated.signing_secret).not.toBe(created.signing_secret);
    const renamed = await service.update(ORG, created.id, { name: 'Renamed' }, true);
    expect(renamed.signing_secret).toBeUndefined();
    const slack = await service.create(ORG, {
      kind: 'slack',
      name: 'S',
      config: { url: HOOK },
      enabled: true,
      locale: 'en',
    });
    const error = (await service
      .update(ORG, slack.id, { rotate_secret: true }, true)
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(error.code).toBe('ValidationFailed');
  });

  it("answers 404 for another organisation's channel", async () => {
    const created = await service.create(ORG, {
      kind: 'slack',
      name: 'S',
      config: { url: HOOK },
      enabled: true,
      locale: 'en',
    });
    const error = (await service
      .get('00000000-0000-4000-8000-00000000000b', created.id)
      .catch((e: unknown) => e)) as AlertConfigFailure;
    expect(error.message).toBe('notification channel not found');
  });
});

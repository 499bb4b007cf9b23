import { describe, expect, it } from 'vitest';
import { ChannelConfigs } from '../../../../libs/alerts/src/channels';
import {
  channelChanges,
  channelFieldOf,
  channelSchema,
  EMPTY_CONFIG,
  kindConfig,
  newChannelBody,
  type ConfigForm,
} from '../../src/features/alerts/channelSchema';
import { CHANNEL_KINDS, type Channel, type ChannelKind } from '../../src/features/alerts/model';
import { i18n } from '../../src/lib/i18n';

/** The channel forms check each kind's settings as alerting does, before any request, in the reader's words. */
const t = i18n.getFixedT('en', 'alerts');

const form = (kind: ChannelKind, config: Partial<ConfigForm>, over: Record<string, unknown> = {}) => ({
  kind,
  name: 'Ops',
  locale: 'de',
  config: { ...EMPTY_CONFIG, ...config },
  ...over,
});
const problems = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]));

const DISCORD = 'https://discord.com/api/webhooks/123456789012345678/abc-DEF_123';

describe('the channel form schema of each kind', () => {
  it('Discord: a webhook URL of Discord’s shape; another URL is refused with where to find the right one', () => {
    const create = channelSchema(t, 'discord', 'create');
    expect(create.parse(form('discord', { url: ` ${DISCORD} ` }))).toEqual({
      kind: 'discord',
      name: 'Ops',
      locale: 'de',
      config: { url: DISCORD },
    });
    expect(problems(create.safeParse(form('discord', { url: 'https://discord.com/channels/1/2' })))).toEqual({
      'config.url': expect.stringContaining('not a Discord webhook URL'),
    });
    expect(problems(create.safeParse(form('discord', { url: '' })))).toEqual({ 'config.url': 'Enter the URL.' });
  });

  it.each(['slack', 'teams', 'webhook'] as const)('%s: an http(s) URL without credentials', (kind) => {
    const create = channelSchema(t, kind, 'create');
    expect(create.parse(form(kind, { url: 'https://example.com/hook' })).config).toEqual({
      url: 'https://example.com/hook',
    });
    for (const url of ['ftp://example.com/x', 'https://user:pw@example.com/x', 'not a url'])
      expect(problems(create.safeParse(form(kind, { url })))).toEqual({ 'config.url': expect.stringMatching(/https/) });
  });

  it('e-mail: 1 to 20 addresses, split on commas, semicolons and new lines; a wrong one is named', () => {
    const create = channelSchema(t, 'email', 'create');
    expect(create.parse(form('email', { to: 'ops@example.com,\nme@example.com; x@y.de' })).config).toEqual({
      to: ['ops@example.com', 'me@example.com', 'x@y.de'],
    });
    expect(problems(create.safeParse(form('email', { to: 'ops@example.com, nobody' })))).toEqual({
      'config.to': '“nobody” is not an e-mail address.',
    });
    expect(problems(create.safeParse(form('email', { to: ' ' })))).toEqual({
      'config.to': 'Enter at least one e-mail address.',
    });
    const many = Array.from({ length: 21 }, (_, i) => `a${i}@example.com`).join(', ');
    expect(problems(create.safeParse(form('email', { to: many })))).toEqual({ 'config.to': 'At most 20 addresses.' });
  });

  it('Telegram: the bot token as @BotFather gives it and a numeric chat id or an @channel', () => {
    const create = channelSchema(t, 'telegram', 'create');
    const token = '123456789:AAEabcdefghijklmnopqrstuvwxyz012345';
    expect(create.parse(form('telegram', { bot_token: token, chat_id: '-1001234567890' })).config).toEqual({
      bot_token: token,
      chat_id: '-1001234567890',
    });
    expect(create.parse(form('telegram', { bot_token: token, chat_id: '@my_channel' })).config).toMatchObject({
      chat_id: '@my_channel',
    });
    expect(problems(create.safeParse(form('telegram', { bot_token: 'abc', chat_id: 'my channel' })))).toEqual({
      'config.bot_token': expect.stringContaining('@BotFather'),
      'config.chat_id': 'Enter a numeric chat id or an @channelname.',
    });
  });

  it('a new channel without a name gets its kind’s name; the language must be one of the five', () => {
    const create = channelSchema(t, 'discord', 'create');
    expect(create.parse(form('discord', { url: DISCORD }, { name: ' ' })).name).toBe('Discord');
    expect(problems(create.safeParse(form('discord', { url: DISCORD }, { locale: 'pt' })))).toEqual({
      locale: 'Choose a language.',
    });
    expect(newChannelBody(create.parse(form('discord', { url: DISCORD })))).toEqual({
      kind: 'discord',
      name: 'Ops',
      locale: 'de',
      config: { url: DISCORD },
    });
  });

  it('editing keeps the settings when they are left empty, and sends only what changed', () => {
    const channel: Channel = {
      id: 'c1',
      kind: 'telegram',
      name: 'Ops',
      enabled: true,
      locale: 'en',
      target: 'bot 1234:•••• → chat 1',
      created_at: '',
      updated_at: '',
      last_delivery: null,
    };
    const edit = channelSchema(t, 'telegram', 'edit');
    expect(channelChanges(channel, edit.parse(form('telegram', {}, { locale: 'en' })))).toBeNull();
    expect(channelChanges(channel, edit.parse(form('telegram', {}, { name: 'Base' })))).toEqual({
      name: 'Base',
      locale: 'de',
    });
    // One of the two Telegram settings is not enough: both are replaced together.
    expect(problems(edit.safeParse(form('telegram', { chat_id: '42' })))).toEqual({
      'config.bot_token': expect.stringContaining('@BotFather'),
    });
    expect(problems(edit.safeParse(form('telegram', {}, { name: '' })))).toEqual({
      name: 'Give the channel a name.',
    });
  });

  it('puts the API’s field problems on the right fields', () => {
    expect(channelFieldOf('discord', 'config.url')).toBe('config.url');
    expect(channelFieldOf('email', 'config.to.2')).toBe('config.to');
    expect(channelFieldOf('email', 'config')).toBe('config.to');
    expect(channelFieldOf('webhook', 'name')).toBe('name');
    expect(channelFieldOf('webhook', 'enabled')).toBeNull();
  });
});

describe('the same verdicts as alerting’s own schemas (libs/alerts ChannelConfigs)', () => {
  const samples: Record<ChannelKind, Partial<ConfigForm>[]> = {
    discord: [
      { url: DISCORD },
      { url: 'https://discord.com/api/v10/webhooks/1/tok' },
      { url: 'http://127.0.0.1:9999/api/webhooks/42/test-token-abc' },
      { url: 'https://discord.com/api/webhooks/abc/tok' },
      { url: 'https://discord.com/api/webhooks/1' },
      { url: 'https://a:b@discord.com/api/webhooks/1/t' },
      { url: 'discord.com/api/webhooks/1/t' },
      { url: '' },
    ],
    slack: [
      { url: 'https://hooks.slack.com/services/T/B/X' },
      { url: 'mailto:x@y.z' },
      { url: `https://x.y/${'a'.repeat(2050)}` },
    ],
    teams: [{ url: 'https://prod-00.westeurope.logic.azure.com/workflows/1' }, { url: 'ws://x.y' }],
    webhook: [{ url: 'http://example.com:8080/hook' }, { url: 'https://:pw@example.com' }, { url: ' ' }],
    email: [
      { to: 'ops@example.com' },
      { to: 'ops@example.com, me@example.com' },
      { to: 'ops@example' },
      { to: 'a@b.co, not-an-address' },
    ],
    telegram: [
      { bot_token: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ', chat_id: '-100123' },
      { bot_token: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ', chat_id: '@abcd' },
      { bot_token: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ', chat_id: '@abc' },
      { bot_token: '12:ABCDEFGHIJKLMNOPQRSTUVWXYZ', chat_id: '1' },
      { bot_token: '123456:short', chat_id: '1' },
    ],
  };

  for (const kind of CHANNEL_KINDS)
    it(`${kind}: accepted and refused alike`, () => {
      for (const sample of samples[kind]) {
        const config = { ...EMPTY_CONFIG, ...sample };
        const ours = kindConfig(kind, t).safeParse(config);
        const theirs = ChannelConfigs[kind].safeParse(ours.success ? ours.data : apiShape(kind, config));
        expect({ sample, ok: ours.success }).toEqual({ sample, ok: theirs.success });
      }
    });
});

/** What the form would send for a sample it refuses, to ask alerting about it too. */
function apiShape(kind: ChannelKind, c: ConfigForm): Record<string, unknown> {
  if (kind === 'email') return { to: c.to.split(/[\s,;]+/).filter(Boolean) };
  if (kind === 'telegram') return { bot_token: c.bot_token, chat_id: c.chat_id };
  return { url: c.url };
}

import type { ChannelKind } from '@app/contracts';
import { z } from 'zod';

const httpUrl = (what: string, example: string) =>
  z
    .string({ error: `required: the ${what}` })
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, `must be the ${what}, an https URL such as ${example}`);

const discordUrl = httpUrl('Discord webhook URL', 'https://discord.com/api/webhooks/123/abc').refine((v) => {
  try {
    return /^\/api(\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/.test(new URL(v).pathname);
  } catch {
    return false;
  }
}, 'is not a Discord webhook URL: copy it from Server Settings > Integrations > Webhooks (https://discord.com/api/webhooks/<id>/<token>)');

const email = z.email({ error: 'must be an e-mail address' }).max(254);

/** What each kind of channel needs, as a user enters it. Secret parts: URLs, the bot token, the signing secret. */
export const ChannelConfigs = {
  discord: z.strictObject({ url: discordUrl }),
  slack: z.strictObject({ url: httpUrl('Slack incoming-webhook URL', 'https://hooks.slack.com/services/T/B/X') }),
  teams: z.strictObject({
    url: httpUrl('Teams workflow webhook URL', 'https://prod-00.westeurope.logic.azure.com/workflows/…'),
  }),
  webhook: z.strictObject({ url: httpUrl('webhook URL', 'https://example.com/hooks/gsm') }),
  email: z.strictObject({
    to: z
      .array(email)
      .min(1, 'name at least one recipient')
      .max(20, 'at most 20 recipients')
      .or(email.transform((v) => [v])),
  }),
  telegram: z.strictObject({
    bot_token: z
      .string({ error: 'required: the bot token from @BotFather' })
      .trim()
      .regex(/^\d{3,20}:[\w-]{20,100}$/, 'must be a bot token as @BotFather gives it, e.g. 123456:ABC-DEF…'),
    chat_id: z
      .union([z.string().trim(), z.int()])
      .transform(String)
      .refine((v) => /^(-?\d{1,20}|@[A-Za-z]\w{3,31})$/.test(v), 'must be a numeric chat id or an @channelname'),
  }),
} as const satisfies Record<ChannelKind, z.ZodType>;

/** The hosts Discord serves webhooks from (https only). */
export const DISCORD_WEBHOOK_HOSTS = [
  'discord.com',
  'discordapp.com',
  'ptb.discord.com',
  'canary.discord.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
] as const;

/**
 * Why a Discord channel's URL is not a Discord webhook (null: it is one): a Discord host over https and a
 * /api/webhooks/<id>/<token> path. `extraHosts` (DISCORD_WEBHOOK_EXTRA_HOSTS, tests only) are accepted as well, over
 * http too, so tests can send to a loopback Discord look-alike.
 */
export function discordWebhookRefusal(url: string, extraHosts: readonly string[] = []): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'is not a URL';
  }
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const extra = extraHosts.some((h) => h.toLowerCase() === host || h.toLowerCase() === u.host.toLowerCase());
  if (!extra && !(DISCORD_WEBHOOK_HOSTS as readonly string[]).includes(host))
    return `must be a Discord webhook URL on ${DISCORD_WEBHOOK_HOSTS.join(', ')} (${host} is not Discord)`;
  if (!extra && (u.protocol !== 'https:' || (u.port !== '' && u.port !== '443')))
    return 'must be an https URL on the standard port, as Discord gives it';
  if (!/^\/api(\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/.test(u.pathname))
    return 'must be a webhook URL of the form https://discord.com/api/webhooks/<id>/<token>';
  return null;
}

/** The stored configuration of a channel (decrypted); the webhook kind also holds its signing secret. */
export type ChannelConfig =
  | { kind: 'discord' | 'slack' | 'teams'; url: string }
  | { kind: 'webhook'; url: string; secret: string }
  | { kind: 'email'; to: string[] }
  | { kind: 'telegram'; bot_token: string; chat_id: string };

/** The plan feature a channel kind needs: Discord from Hobby, every other kind from Pro. */
export function channelFeature(kind: ChannelKind): 'discordAlerts' | 'multiChannelAlerts' {
  return kind === 'discord' ? 'discordAlerts' : 'multiChannelAlerts';
}

/** The URL a channel sends to, when it is an HTTP one (to check against the target guard). */
export function channelUrl(config: ChannelConfig): string | null {
  return 'url' in config ? config.url : null;
}

/** A hint that tells channels apart in lists without revealing a secret: host and the first characters only. */
export function channelHint(config: ChannelConfig): string {
  switch (config.kind) {
    case 'email':
      return config.to.join(', ');
    case 'telegram':
      return `bot ${config.bot_token.split(':')[0]}:•••• → chat ${config.chat_id}`;
    default: {
      const u = new URL(config.url);
      const segments = u.pathname.split('/').filter(Boolean);
      const shown = segments.slice(0, Math.min(2, Math.max(0, segments.length - 1)));
      return `${u.host}/${shown.join('/')}${segments.length > shown.length ? '/••••' : ''}`;
    }
  }
}

/** What seals and opens stored secrets (the SecretBox of `@app/secrets`). */
export interface ChannelSealer {
  seal(plaintext: string, associatedData: string): Uint8Array;
  open(sealed: Uint8Array, associatedData: string): string;
}

/** The associated data a channel's configuration is sealed with: a ciphertext moved to another channel won't open. */
const secretContext = (channelId: string): string => `notification-channel:${channelId}`;

/** A channel's configuration as it is stored: sealed, bound to the channel's id (the kind is a column of its own). */
export function sealChannelConfig(
  box: ChannelSealer,
  channelId: string,
  config: ChannelConfig,
): Uint8Array<ArrayBuffer> {
  const { kind: _kind, ...stored } = config;
  return new Uint8Array(box.seal(JSON.stringify(stored), secretContext(channelId)));
}

/** Opens a stored configuration; throws when it does not open (another key, altered bytes). */
export function openChannelConfig(
  box: ChannelSealer,
  channelId: string,
  kind: ChannelKind,
  sealed: Uint8Array,
): ChannelConfig {
  return { kind, ...(JSON.parse(box.open(sealed, secretContext(channelId))) as object) } as ChannelConfig;
}

const transitContext = (orgId: string, what: 'settings' | 'signing-secret'): string =>
  `alert-channel-${what}-in-transit:${orgId}`;

/**
 * Channel settings (webhook URLs, bot tokens) or a webhook's signing secret on their way between the api-gateway and
 * alerting over NATS: sealed with the platform's SECRETS_KEY (both services hold it) and bound to the organisation, so
 * nothing on the bus reads them and a sealed value replayed for another organisation does not open.
 */
export function sealInTransit(
  box: ChannelSealer,
  orgId: string,
  what: 'settings' | 'signing-secret',
  value: unknown,
): string {
  return Buffer.from(box.seal(JSON.stringify(value), transitContext(orgId, what))).toString('base64');
}

/** Opens a value sealed by {@link sealInTransit}; throws when it does not open (another key or organisation). */
export function openInTransit(
  box: ChannelSealer,
  orgId: string,
  what: 'settings' | 'signing-secret',
  sealed: string,
): unknown {
  return JSON.parse(box.open(Buffer.from(sealed, 'base64'), transitContext(orgId, what)));
}

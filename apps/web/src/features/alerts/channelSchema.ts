import type { TFunction } from 'i18next';
import { z } from 'zod';
import { LANGUAGES } from '../../lib/i18n';
import type { Channel, ChannelChanges, ChannelKind, ChannelLocale, NewChannel } from './model';

/**
 * The channel forms' schemas, one per kind. They check what alerting's own schemas check (`ChannelConfigs` in
 * libs/alerts/src/channels.ts, which this browser bundle cannot import: its module seals secrets with Node's
 * Buffer, and its messages are English) with the reader's words; a unit test holds the two to the same verdicts.
 * Inputs hold text; the output is the API's body.
 */

/** What the settings fields hold, whichever kind is chosen (only the chosen kind's are sent). */
export interface ConfigForm {
  url: string;
  to: string;
  bot_token: string;
  chat_id: string;
}
export const EMPTY_CONFIG: ConfigForm = { url: '', to: '', bot_token: '', chat_id: '' };

export interface ChannelFormValues {
  kind: ChannelKind;
  name: string;
  locale: ChannelLocale;
  config: ConfigForm;
}

const URL_KINDS: readonly ChannelKind[] = ['discord', 'slack', 'teams', 'webhook'];
export const isUrlKind = (kind: ChannelKind) => URL_KINDS.includes(kind);

const isHttpUrl = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
  } catch {
    return false;
  }
};
const isDiscordWebhook = (v: string) => /^\/api(\/v\d+)?\/webhooks\/\d+\/[\w-]+\/?$/.test(new URL(v).pathname);

/** E-mail recipients as typed: separated by commas, semicolons, spaces or new lines. */
export const recipientsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const email = z.email().max(254);

export const BOT_TOKEN = /^\d{3,20}:[\w-]{20,100}$/;
export const CHAT_ID = /^(-?\d{1,20}|@[A-Za-z]\w{3,31})$/;

/** The `config` of one kind: the fields it needs, checked, as the API takes them. */
export function kindConfig(kind: ChannelKind, t: TFunction) {
  const rest = { url: z.string(), to: z.string(), bot_token: z.string(), chat_id: z.string() };
  if (isUrlKind(kind)) {
    let url = z
      .string()
      .trim()
      .min(1, t('alerts:channelForm.errors.urlMissing'))
      .max(2048, t('alerts:channelForm.errors.tooLong', { max: 2048 }))
      .refine((v) => v === '' || isHttpUrl(v), t('alerts:channelForm.errors.url'));
    if (kind === 'discord')
      url = url.refine((v) => !isHttpUrl(v) || isDiscordWebhook(v), t('alerts:channelForm.errors.discordUrl'));
    return z.object({ ...rest, url }).transform((c): Record<string, unknown> => ({ url: c.url }));
  }
  if (kind === 'email')
    return z
      .object({
        ...rest,
        to: z.string().transform((text, ctx) => {
          const list = recipientsOf(text);
          const problem = (message: string) => (ctx.addIssue({ code: 'custom', message }), z.NEVER);
          if (list.length === 0) return problem(t('alerts:channelForm.errors.noRecipient'));
          if (list.length > 20) return problem(t('alerts:channelForm.errors.tooManyRecipients', { max: 20 }));
          const wrong = list.find((a) => !email.safeParse(a).success);
          if (wrong) return problem(t('alerts:channelForm.errors.email', { address: wrong }));
          return list;
        }),
      })
      .transform((c): Record<string, unknown> => ({ to: c.to }));
  return z
    .object({
      ...rest,
      bot_token: z.string().trim().regex(BOT_TOKEN, t('alerts:channelForm.errors.botToken')),
      chat_id: z.string().trim().regex(CHAT_ID, t('alerts:channelForm.errors.chatId')),
    })
    .transform((c): Record<string, unknown> => ({ bot_token: c.bot_token, chat_id: c.chat_id }));
}

/** Whether nothing was entered for the kind (on edit: keep the current settings). */
export const configEmpty = (kind: ChannelKind, c: ConfigForm) =>
  kind === 'email' ? !c.to.trim() : kind === 'telegram' ? !c.bot_token.trim() && !c.chat_id.trim() : !c.url.trim();

const configFields = z.object({ url: z.string(), to: z.string(), bot_token: z.string(), chat_id: z.string() });

/**
 * A channel form's schema for one kind: a new channel needs its settings (a name left empty becomes the kind's
 * name); a changed one keeps its settings when they are left empty.
 */
export function channelSchema(t: TFunction, kind: ChannelKind, mode: 'create' | 'edit') {
  const settings = kindConfig(kind, t);
  return z.object({
    kind: z.literal(kind),
    name: z
      .string()
      .trim()
      .max(100, t('alerts:channelForm.errors.tooLong', { max: 100 }))
      .refine((v) => mode === 'create' || v !== '', t('alerts:channelForm.errors.name'))
      .transform((v) => v || t(`alerts:kinds.${kind}.label`)),
    locale: z.enum(LANGUAGES, { error: t('alerts:channelForm.errors.locale') }),
    config: configFields.transform((c, ctx): Record<string, unknown> | undefined => {
      if (mode === 'edit' && configEmpty(kind, c)) return undefined;
      const checked = settings.safeParse(c);
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
      return z.NEVER;
    }),
  });
}

export type ChannelFormOutput = z.output<ReturnType<typeof channelSchema>>;

/** The body of POST /notification-channels. */
export const newChannelBody = (out: ChannelFormOutput): NewChannel => ({
  kind: out.kind,
  name: out.name,
  locale: out.locale,
  config: out.config ?? {},
});

/** The body of PATCH /notification-channels/{id}: what changed; null when nothing did. */
export function channelChanges(channel: Channel, out: ChannelFormOutput): ChannelChanges | null {
  const changes: ChannelChanges = {};
  if (out.name !== channel.name) changes.name = out.name;
  if (out.locale !== (channel.locale ?? 'en')) changes.locale = out.locale;
  if (out.config) changes.config = out.config;
  return Object.keys(changes).length === 0 ? null : changes;
}

/** The form field an API body path belongs to (`config.url` is the URL field; other settings paths likewise). */
export function channelFieldOf(
  kind: ChannelKind,
  path: string,
): keyof ChannelFormValues | `config.${keyof ConfigForm}` | null {
  if (path === 'name' || path === 'locale' || path === 'kind') return path;
  const setting = /^config\.(url|to|bot_token|chat_id)\b/.exec(path)?.[1] as keyof ConfigForm | undefined;
  if (setting) return `config.${setting}`;
  if (path !== 'config') return null;
  return kind === 'email' ? 'config.to' : kind === 'telegram' ? 'config.bot_token' : 'config.url';
}

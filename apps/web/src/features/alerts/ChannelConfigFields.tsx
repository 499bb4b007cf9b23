// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useId } from 'react';
import { kindInfo } from './common';
import type { ChannelKind } from './model';

/** The settings of every kind of channel as typed; only the fields of the chosen kind are sent. */
export interface ConfigForm {
  url: string;
  to: string;
  bot_token: string;
  chat_id: string;
}
export const EMPTY_CONFIG: ConfigForm = { url: '', to: '', bot_token: '', chat_id: '' };

/** The `config` the API expects for a kind, from the form. */
export const configOf = (kind: ChannelKind, f: ConfigForm): Record<string, unknown> =>
  kind === 'email'
    ? {
        to: f.to
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      }
    : kind === 'telegram'
      ? { bot_token: f.bot_token.trim(), chat_id: f.chat_id.trim() }
      : { url: f.url.trim() };

/** Whether nothing was entered for the kind (on edit: keep the current settings). */
export const configEmpty = (kind: ChannelKind, f: ConfigForm) =>
  kind === 'email' ? !f.to.trim() : kind === 'telegram' ? !f.bot_token.trim() && !f.chat_id.trim() : !f.url.trim();

/** The settings fields of one kind of channel, with the API's problems next to them. */
export function ConfigFields(p: {
  kind: ChannelKind;
  value: ConfigForm;
  onChange: (v: ConfigForm) => void;
  errors: Record<string, string>;
  required: boolean;
}) {
  const id = useId();
  const info = kindInfo(p.kind);
  const set = (k: keyof ConfigForm) => (e: { target: { value: string } }) =>
    p.onChange({ ...p.value, [k]: e.target.value });
  const err = (k: string) =>
    p.errors[`config.${k}`] ? (
      <span className="field-error" id={`${id}-${k}-err`}>
        {p.errors[`config.${k}`]}
      </span>
    ) : null;
  const described = (k: string) => [`${id}-help`, p.errors[`config.${k}`] ? `${id}-${k}-err` : ''].join(' ').trim();
  return (
    <>
      <p className="field-help alerts-help" id={`${id}-help`} data-testid="channel-kind-help">
        {info?.help}
        {info?.example && (
          <>
            {' '}
            It looks like <code>{info.example}</code>.
          </>
        )}
      </p>
      <div className="settings-fields">
        {p.kind === 'email' ? (
          <label className="settings-field alerts-wide">
            Recipients
            <textarea
              value={p.value.to}
              onChange={set('to')}
              rows={2}
              required={p.required}
              placeholder="ops@example.com, me@example.com"
              aria-describedby={described('to')}
              aria-invalid={!!p.errors['config.to'] || undefined}
            />
            {err('to')}
          </label>
        ) : p.kind === 'telegram' ? (
          <>
            <label className="settings-field">
              Bot token
              <input
                value={p.value.bot_token}
                onChange={set('bot_token')}
                required={p.required}
                autoComplete="off"
                spellCheck={false}
                placeholder="123456789:AAE…"
                aria-describedby={described('bot_token')}
                aria-invalid={!!p.errors['config.bot_token'] || undefined}
              />
              {err('bot_token')}
            </label>
            <label className="settings-field">
              Chat id
              <input
                value={p.value.chat_id}
                onChange={set('chat_id')}
                required={p.required}
                autoComplete="off"
                placeholder="-1001234567890 or @mychannel"
                aria-describedby={described('chat_id')}
                aria-invalid={!!p.errors['config.chat_id'] || undefined}
              />
              {err('chat_id')}
            </label>
          </>
        ) : (
          <label className="settings-field alerts-wide">
            {p.kind === 'webhook' ? 'Endpoint URL' : 'Webhook URL'}
            <input
              type="url"
              value={p.value.url}
              onChange={set('url')}
              required={p.required}
              autoComplete="off"
              spellCheck={false}
              placeholder={info?.example}
              aria-describedby={described('url')}
              aria-invalid={!!p.errors['config.url'] || undefined}
            />
            {err('url')}
          </label>
        )}
      </div>
    </>
  );
}

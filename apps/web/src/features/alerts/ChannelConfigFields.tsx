import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n';
import type { ChannelFormValues } from './channelSchema';
import { KIND_EXAMPLE } from './common';
import { FormField } from './FormField';
import type { ChannelKind } from './model';

/** How to get a kind's settings, and what they look like; linked to the kind's first field. */
function KindHelp({ kind }: { kind: ChannelKind }) {
  const { t } = useTranslation('alerts');
  const example = KIND_EXAMPLE[kind];
  return (
    <span data-testid="channel-kind-help">
      {t(`kinds.${kind}.help`)}
      {example && (
        <>
          {' '}
          {t('channelForm.looksLike')} <code>{example}</code>.
        </>
      )}
    </span>
  );
}

/** The settings fields of one kind of channel (URL, recipients, or bot token and chat id), with their problems. */
export function ConfigFields(p: {
  kind: ChannelKind;
  register: UseFormRegister<ChannelFormValues>;
  errors: FieldErrors<ChannelFormValues>;
  required: boolean;
}) {
  const { t } = useTranslation('alerts');
  const { kind, register } = p;
  const errors = p.errors.config;
  const required = p.required || undefined;
  if (kind === 'email')
    return (
      <div className="settings-fields">
        <FormField
          label={t('channelForm.recipients')}
          help={<KindHelp kind={kind} />}
          error={errors?.to}
          className="alerts-wide"
        >
          {(a11y) => (
            <textarea
              {...a11y}
              {...register('config.to')}
              rows={2}
              aria-required={required}
              placeholder={KIND_EXAMPLE.email}
            />
          )}
        </FormField>
      </div>
    );
  if (kind === 'telegram')
    return (
      <div className="settings-fields">
        <FormField
          label={t('channelForm.botToken')}
          help={<KindHelp kind={kind} />}
          error={errors?.bot_token}
          className="alerts-wide"
        >
          {(a11y) => (
            <input
              {...a11y}
              {...register('config.bot_token')}
              aria-required={required}
              autoComplete="off"
              spellCheck={false}
              // i18n-exempt: the shape of a token, not words
              placeholder="123456789:AAE…"
            />
          )}
        </FormField>
        <FormField label={t('channelForm.chatId')} error={errors?.chat_id}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('config.chat_id')}
              aria-required={required}
              autoComplete="off"
              spellCheck={false}
              placeholder={t('channelForm.chatIdPlaceholder')}
            />
          )}
        </FormField>
      </div>
    );
  return (
    <div className="settings-fields">
      <FormField
        label={kind === 'webhook' ? t('channelForm.endpointUrl') : t('channelForm.webhookUrl')}
        help={<KindHelp kind={kind} />}
        error={errors?.url}
        className="alerts-wide"
      >
        {(a11y) => (
          <input
            {...a11y}
            {...register('config.url')}
            type="url"
            inputMode="url"
            aria-required={required}
            autoComplete="off"
            spellCheck={false}
            placeholder={KIND_EXAMPLE[kind]}
          />
        )}
      </FormField>
    </div>
  );
}

/** "Language of the messages": each language named in itself. */
export function LocaleField(p: {
  register: UseFormRegister<ChannelFormValues>;
  errors: FieldErrors<ChannelFormValues>;
}) {
  const { t } = useTranslation('alerts');
  return (
    <FormField label={t('channelForm.language')} help={t('channelForm.languageHelp')} error={p.errors.locale}>
      {(a11y) => (
        <select {...a11y} {...p.register('locale')}>
          {LANGUAGES.map((l) => (
            <option key={l} value={l} lang={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

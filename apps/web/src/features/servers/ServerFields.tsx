import type { FieldError, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import type { ServerFormData, ServerFormValues } from '../../lib/server-form';

export type ServerFormApi = UseFormReturn<ServerFormValues, unknown, ServerFormData>;

/** A field's error as the reader sees it: the form's rules carry `servers` keys, the API's problems its words. */
export function useServerFieldError() {
  const { t } = useTranslation('servers');
  return (error: FieldError | undefined): string | null =>
    !error?.message ? null : error.type === 'server' ? error.message : t(error.message);
}

/**
 * The add-server form's fields (name, address, game port, admin password, the add-on's two ports), each labelled,
 * with its help and error tied to it by aria-describedby.
 */
export function ServerFields(props: { form: ServerFormApi }) {
  const { t } = useTranslation('servers');
  const shown = useServerFieldError();
  const { register, formState } = props.form;
  const { errors } = formState;
  return (
    <>
      <Field
        label={t('fields.name')}
        error={shown(errors.name)}
        maxLength={100}
        placeholder={t('fields.namePlaceholder')}
        required
        className="span-2"
        {...register('name')}
      />
      <Field
        label={t('fields.host')}
        help={t('fields.hostHelp')}
        error={shown(errors.host)}
        placeholder="203.0.113.10"
        autoComplete="off"
        spellCheck={false}
        required
        {...register('host')}
      />
      <Field
        label={t('fields.port')}
        inputMode="numeric"
        error={shown(errors.port)}
        help={t('fields.portHelp')}
        required
        {...register('port')}
      />
      <Field
        label={t('fields.adminPassword')}
        type="password"
        autoComplete="new-password"
        error={shown(errors.admin_password)}
        help={t('fields.adminPasswordHelp')}
        required
        className="span-2"
        {...register('admin_password')}
      />
      <Field
        label={t('fields.addonHttpPort')}
        inputMode="numeric"
        error={shown(errors.addon_http_port)}
        help={t('fields.addonHttpPortHelp')}
        required
        {...register('addon_http_port')}
      />
      <Field
        label={t('fields.addonWsPort')}
        inputMode="numeric"
        error={shown(errors.addon_ws_port)}
        help={t('fields.addonWsPortHelp')}
        required
        {...register('addon_ws_port')}
      />
    </>
  );
}

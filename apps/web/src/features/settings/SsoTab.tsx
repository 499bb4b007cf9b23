import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote, Loadable, Notice, RoleNote } from '../../components/ui';
import { toFailure, type ApiFailure } from '../../lib/api';
import { client, unwrap, type GetAnswer } from '../../lib/api/client';
import { keys, queryClient } from '../../lib/query';
import { useSettings } from './model';
import { SSO_ROLES, ssoDefaults, ssoForm, type SsoBody, type SsoFormValues } from './ssoSchema';

type SsoStatus = GetAnswer<'/api/v1/org/sso'>;
const ssoKey = [...keys.settings, 'sso'] as const;

/** Settings -> Single sign-on (Admin): the plan gate, the OpenID Connect set-up, its removal. */
export function SsoTab() {
  const { t } = useTranslation('sso');
  const { role } = useSettings();
  const status = useQuery({
    queryKey: ssoKey,
    queryFn: () => unwrap(client.GET('/api/v1/org/sso')),
    enabled: role === 'admin',
  });
  // Here, not in the form: a save remounts the form (its fields from the saved set-up); the notice stays.
  const [notice, setNotice] = useState('');
  if (role !== 'admin') return <RoleNote>{t('settings.adminOnly')}</RoleNote>;
  return (
    <>
      <p className="muted">{t('settings.intro')}</p>
      <Notice text={notice} />
      <Loadable state={status} what={t('settings.what')}>
        {(s) =>
          s.available ? (
            <SsoForm status={s} onDone={setNotice} key={s.config?.updated_at ?? 'new'} />
          ) : (
            <PlanGate status={s} />
          )
        }
      </Loadable>
    </>
  );
}

function PlanGate({ status }: { status: SsoStatus }) {
  const { t } = useTranslation('sso');
  const addon = useMutation({
    mutationFn: () => unwrap(client.PUT('/api/v1/billing/sso-addon', { body: { enabled: true } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.settings }),
  });
  if (status.plan !== 'team') return <RoleNote>{t('settings.unavailable', { plan: status.plan })}</RoleNote>;
  return (
    <div className="notice notice-info" data-testid="sso-plan-gate">
      <p>{t('settings.unavailableTeam')}</p>
      <button type="button" className="btn btn-primary" onClick={() => addon.mutate()} aria-disabled={addon.isPending}>
        {addon.isPending ? t('settings.turningOn') : t('settings.turnOnAddon')}
      </button>
      {addon.error && <ErrorNote error={toFailure(addon.error)} />}
    </div>
  );
}

function SsoForm({ status, onDone }: { status: SsoStatus; onDone: (notice: string) => void }) {
  const { t } = useTranslation('sso');
  const c = status.config;
  const schema = useMemo(() => ssoForm(t), [t]);
  const form = useForm<SsoFormValues, unknown, SsoBody>({
    resolver: zodResolver(schema),
    defaultValues: ssoDefaults(c),
  });
  const { register, formState } = form;
  const mappingError = formState.errors.role_mapping?.message;
  const mappingId = useId();
  const setNotice = onDone;
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.settings });
  const save = useMutation({
    mutationFn: (body: SsoBody) => unwrap(client.PUT('/api/v1/org/sso', { body })),
    onSuccess: () => {
      setNotice(t('settings.saved'));
      void refresh();
    },
    onError: (e) => setFailure(toFailure(e)),
  });
  const remove = useMutation({
    mutationFn: () => unwrap(client.DELETE('/api/v1/org/sso')),
    onSuccess: () => {
      setNotice(t('settings.removed'));
      void refresh();
    },
    onError: (e) => setFailure(toFailure(e)),
  });

  const submit = form.handleSubmit((body) => {
    if (!save.isPending) save.mutate(body);
  });

  return (
    <form
      className="card settings-form sso-form"
      onSubmit={(e) => {
        setNotice('');
        setFailure(null);
        void submit(e);
      }}
      noValidate
      aria-label={t('settings.what')}
    >
      <p className="small">
        {t('settings.redirectUri')}: <code data-testid="sso-redirect-uri">{status.redirect_uri}</code>
      </p>
      <Text label={t('settings.issuer')} help={t('settings.issuerHelp')} type="url" {...register('issuer')} />
      <Text label={t('settings.clientId')} {...register('client_id')} />
      <Text
        label={t('settings.clientSecret')}
        help={c ? t('settings.clientSecretKept') : undefined}
        type="password"
        {...register('client_secret')}
      />
      <Text label={t('settings.domains')} help={t('settings.domainsHelp')} {...register('domains')} />
      <Text label={t('settings.roleClaim')} help={t('settings.roleClaimHelp')} {...register('role_claim')} />
      <label className="settings-field">
        <span>{t('settings.roleMapping')}</span>
        <span className="field-help" id={`${mappingId}-help`}>
          {t('settings.roleMappingHelp')}
        </span>
        <textarea
          rows={3}
          aria-invalid={mappingError ? true : undefined}
          aria-describedby={mappingError ? `${mappingId}-help ${mappingId}-error` : `${mappingId}-help`}
          {...register('role_mapping')}
        />
        {mappingError && (
          <span className="field-error" id={`${mappingId}-error`}>
            {mappingError}
          </span>
        )}
      </label>
      <label className="settings-field">
        <span>{t('settings.defaultRole')}</span>
        <select {...register('default_role')}>
          {SSO_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`settings.roles.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <Check label={t('settings.jit')} {...register('jit_membership')} />
      <Check label={t('settings.requireSso')} {...register('require_sso')} />
      <Check label={t('settings.trustUnverified')} {...register('trust_unverified_email')} />
      <Check label={t('settings.trustIdpMfa')} {...register('trust_idp_mfa')} />
      {form.watch('trust_idp_mfa') && (
        <Text label={t('settings.mfaAcr')} help={t('settings.mfaAcrHelp')} {...register('mfa_acr_values')} />
      )}
      {failure && <ErrorNote error={failure} />}
      <div className="settings-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={save.isPending}>
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </button>
        {c && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => remove.mutate()}
            aria-disabled={remove.isPending}
          >
            {remove.isPending ? t('settings.removing') : t('settings.remove')}
          </button>
        )}
      </div>
    </form>
  );
}

function Text({
  label,
  help,
  type,
  ...field
}: { label: string; help?: string; type?: string } & UseFormRegisterReturn) {
  return (
    <label className="settings-field">
      <span>{label}</span>
      {help && <span className="field-help">{help}</span>}
      <input type={type ?? 'text'} autoComplete="off" {...field} />
    </label>
  );
}

function Check({ label, ...field }: { label: string } & UseFormRegisterReturn) {
  return (
    <label className="settings-check">
      <input type="checkbox" {...field} /> {label}
    </label>
  );
}

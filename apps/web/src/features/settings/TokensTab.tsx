import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ConfirmButton, ErrorNote, Loadable, Notice, OnceSecret, RoleNote, Table, Time } from '../../components/ui';
import { FieldGroup, FormField, useSubmit } from './forms';
import { SCOPES, useSettings, type CreatedToken } from './model';
import { useCreateToken, useRevokeToken, useTokens } from './queries';
import { DEFAULT_TOKEN_EXPIRY, TOKEN_EXPIRY, tokenBody, tokenForm, type TokenForm } from './schemas';

/** API tokens of the public API: admins only (the API refuses everyone else, even the list). */
export function TokensTab() {
  const { role } = useSettings();
  const { t } = useTranslation('settings');
  if (role !== 'admin') return <RoleNote>{t('tokens.adminOnly', { role: t(`roles.${role}`) })}</RoleNote>;
  return <Tokens />;
}

function Tokens() {
  const { t } = useTranslation('settings');
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [notice, setNotice] = useState('');

  return (
    <>
      <p>
        <Trans t={t} i18nKey="tokens.intro" components={{ code: <code /> }} />
      </p>
      <CreateToken
        onCreated={(token) => {
          setCreated(token);
          setNotice('');
        }}
      />
      {created && (
        <OnceSecret
          title={t('tokens.created', { name: created.name })}
          value={created.token}
          label={t('tokens.secretLabel')}
          testId="new-token-value"
          warning={t('tokens.secretWarning')}
          onDone={() => setCreated(null)}
        />
      )}
      <h3>{t('tokens.listHeading')}</h3>
      <Notice text={notice} />
      <Loadable state={tokens} what={t('tokens.what')}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('tokens.none')}</p>
          ) : (
            <Table
              label={t('tokens.listLabel')}
              head={[
                t('tokens.col.name'),
                t('tokens.col.prefix'),
                t('tokens.col.scopes'),
                t('col.created'),
                t('col.expires'),
                t('col.lastUsed'),
                '',
              ]}
            >
              {list.map((tk) => (
                <tr key={tk.id} data-testid="token-row" data-token-name={tk.name}>
                  <td data-label={t('tokens.col.name')}>{tk.name}</td>
                  <td data-label={t('tokens.col.prefix')}>
                    <code>{tk.prefix}…</code>
                  </td>
                  <td data-label={t('tokens.col.scopes')}>{tk.scopes.join(', ')}</td>
                  <td data-label={t('col.created')}>
                    <Time iso={tk.created_at} />
                  </td>
                  <td data-label={t('col.expires')}>
                    <Time iso={tk.expires_at} none={t('never')} />
                    {tk.expires_at && Date.parse(tk.expires_at) < Date.now() && ` ${t('tokens.expired')}`}
                  </td>
                  <td data-label={t('col.lastUsed')}>
                    <Time iso={tk.last_used_at} none={t('never')} />
                  </td>
                  <td data-label="">
                    <ConfirmButton
                      target={t('tokens.target', { name: tk.name })}
                      question={t('tokens.revokeQuestion', { name: tk.name })}
                      detail={<p>{t('tokens.revokeDetail')}</p>}
                      confirm={t('tokens.revokeConfirm')}
                      action={async () => {
                        await revoke.mutateAsync(tk.id);
                        if (created?.id === tk.id) setCreated(null);
                        setNotice(t('tokens.revoked', { name: tk.name }));
                      }}
                    >
                      {t('revoke')}
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </Table>
          )
        }
      </Loadable>
    </>
  );
}

function CreateToken({ onCreated }: { onCreated: (t: CreatedToken) => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateToken();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TokenForm, unknown, z.output<typeof tokenForm>>({
    resolver: zodResolver(tokenForm),
    defaultValues: { name: '', scopes: ['servers:read', 'metrics:read'], expiry: DEFAULT_TOKEN_EXPIRY },
  });
  const { failure, run } = useSubmit(setError, { name: 'name', scopes: 'scopes', expires_in_days: 'expiry' });

  const submit = handleSubmit((v) =>
    run(async () => {
      onCreated(await create.mutateAsync(tokenBody(v)));
      reset();
    }),
  );

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="new-token-heading"
      noValidate
    >
      <h3 id="new-token-heading">{t('tokens.newHeading')}</h3>
      <div className="settings-fields">
        <FormField label={t('tokens.name')} error={errors.name}>
          {(a11y) => (
            <input
              {...a11y}
              {...register('name')}
              maxLength={100}
              placeholder={t('tokens.namePlaceholder')}
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField label={t('tokens.expires')} error={errors.expiry}>
          {(a11y) => (
            <select {...a11y} {...register('expiry')}>
              {TOKEN_EXPIRY.map((d) => (
                <option key={d} value={d}>
                  {d === 'never' ? t('never') : t('tokens.expiresIn', { count: Number(d) })}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <FieldGroup legend={t('tokens.scopes')} error={errors.scopes as FieldError | undefined}>
        {SCOPES.map((s) => (
          <label key={s}>
            <input type="checkbox" value={s} aria-invalid={errors.scopes ? true : undefined} {...register('scopes')} />{' '}
            {s}
          </label>
        ))}
      </FieldGroup>
      {failure && <ErrorNote error={failure} />}
      <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
        {isSubmitting ? t('creating') : t('tokens.create')}
      </button>
    </form>
  );
}

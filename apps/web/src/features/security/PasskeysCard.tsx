import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { ConfirmButton, Loadable, Notice, Table, Time } from '../../components/ui';
import { useAddPasskey, usePasskeys, useRemovePasskey } from './queries';
import { RenamePasskey } from './RenamePasskey';
import { NewPasskeyForm } from './schema';

/** The user's passkeys: the list, "add a passkey" (the device asks), rename, remove. */
export function PasskeysCard() {
  const { t } = useTranslation('security');
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const form = useForm<NewPasskeyForm>({ resolver: zodResolver(NewPasskeyForm), defaultValues: { name: '' } });
  const nameError = form.formState.errors.name?.message;
  const [notice, setNotice] = useState('');
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const submit = form.handleSubmit(({ name }) => {
    if (add.isPending) return;
    // No name given: "Passkey n", n the place it takes in the list.
    const chosen = name || t('passkeys.defaultName', { n: (passkeys.data?.length ?? 0) + 1 });
    add.mutate(chosen, {
      onSuccess: (added) => {
        form.reset({ name: '' });
        setNotice(t('passkeys.added', { name: added.name }));
      },
    });
  });
  return (
    <section className="card security-card" aria-labelledby="passkeys-heading">
      <h3 id="passkeys-heading">{t('passkeys.heading')}</h3>
      <p>{t('passkeys.intro')}</p>
      <Notice text={notice} />
      <Loadable state={passkeys} what={t('passkeys.what')}>
        {(list) =>
          list.length === 0 ? (
            <p>{t('passkeys.none')}</p>
          ) : (
            <Table
              label={t('passkeys.listLabel')}
              head={[t('passkeys.col.name'), t('passkeys.col.created'), t('passkeys.col.lastUsed'), '']}
            >
              {list.map((p) => (
                <tr key={p.id} data-testid="passkey-row" data-passkey-name={p.name}>
                  <td data-label={t('passkeys.col.name')}>{p.name}</td>
                  <td data-label={t('passkeys.col.created')}>
                    <Time iso={p.created_at} />
                  </td>
                  <td data-label={t('passkeys.col.lastUsed')}>
                    <Time iso={p.last_used_at} none={t('passkeys.never')} />
                  </td>
                  <td data-label="" className="security-passkey-actions">
                    <RenamePasskey
                      passkey={p}
                      onRenamed={(renamed) => setNotice(t('passkeys.rename.done', { from: p.name, name: renamed }))}
                    />
                    <ConfirmButton
                      target={t('passkeys.target', { name: p.name })}
                      question={t('passkeys.removeQuestion', { name: p.name })}
                      detail={<p>{t('passkeys.removeDetail')}</p>}
                      confirm={t('passkeys.remove')}
                      action={async () => {
                        await remove.mutateAsync(p.id);
                        setNotice(t('passkeys.removed', { name: p.name }));
                      }}
                    >
                      {t('passkeys.remove')}
                    </ConfirmButton>
                  </td>
                </tr>
              ))}
            </Table>
          )
        }
      </Loadable>
      {supported ? (
        <form onSubmit={(e) => void submit(e)} noValidate className="security-add-passkey">
          <Field
            label={t('passkeys.name')}
            maxLength={100}
            placeholder={t('passkeys.namePlaceholder')}
            data-testid="passkey-name"
            error={nameError ? t(nameError as never) : null}
            {...form.register('name')}
          />
          {add.isError && <ErrorNotice error={add.error} />}
          <button type="submit" className="btn btn-primary" data-testid="add-passkey">
            {add.isPending ? t('passkeys.adding') : t('passkeys.add')}
          </button>
        </form>
      ) : (
        <p className="muted">{t('passkeys.unsupported')}</p>
      )}
    </section>
  );
}

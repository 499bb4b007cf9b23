import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { client, unwrap } from '../../lib/api/client';
import { AuthFrame, useFieldError } from './AuthFrame';
import { ConfirmRecipientForm } from './schema';
import './auth.css';

/** The token of the confirmation link (`/confirm-recipient#token=…`); the fragment never reaches a server log. */
function tokenOfLink(): string {
  const hash = globalThis.location?.hash ?? '';
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * The page of an e-mail recipient's confirmation link: one click confirms that alerts may go to the address (a mail
 * scanner that merely opens the link confirms nothing). No sign-in: the link's token is the proof.
 */
export function ConfirmRecipient() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const form = useForm<ConfirmRecipientForm>({
    resolver: zodResolver(ConfirmRecipientForm),
    defaultValues: { token: tokenOfLink() },
  });
  const confirm = useMutation({
    mutationFn: (value: string) =>
      unwrap(client.POST('/api/v1/alert-recipients/confirm', { body: { token: value.trim() } })),
    onSuccess: () => globalThis.history?.replaceState(null, '', globalThis.location.pathname),
  });
  const submit = form.handleSubmit(({ token }) => {
    if (!confirm.isPending) confirm.mutate(token);
  });
  if (confirm.data)
    return (
      <AuthFrame title={t('confirmRecipient.doneTitle')}>
        <p role="status" data-testid="recipient-confirmed">
          {t('confirmRecipient.done', { address: confirm.data.address, channel: confirm.data.channel_name })}
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('confirmRecipient.title')}>
      <p>{t('confirmRecipient.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={t('confirmRecipient.token')}
          autoComplete="off"
          spellCheck={false}
          error={fieldError(form.formState.errors.token)}
          {...form.register('token')}
        />
        {confirm.isError && <ErrorNotice error={confirm.error} />}
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={confirm.isPending || undefined}>
          {confirm.isPending ? t('confirmRecipient.submitting') : t('confirmRecipient.submit')}
        </button>
      </form>
      <p className="muted small">{t('confirmRecipient.ignore')}</p>
    </AuthFrame>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { ApiFailure, fieldProblems } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { accountFailure, ChangeForm, PASSWORD_MIN } from '../../lib/account-forms';

/** The signed-in user's own account: change the password (the current one is needed; other sessions end). */
export function AccountTab() {
  const { t } = useTranslation('account');
  const form = useForm<ChangeForm>({
    resolver: zodResolver(ChangeForm),
    defaultValues: { current_password: '', new_password: '', repeat: '' },
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: (values: ChangeForm) =>
      unwrap(
        client.POST('/api/v1/me/password', {
          body: { current_password: values.current_password, new_password: values.new_password },
        }),
      ),
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (!(error instanceof ApiFailure)) return;
      for (const [field] of fieldProblems(error.details))
        if (field === 'current_password')
          form.setError('current_password', { type: 'server', message: 'form.currentWrong' }, { shouldFocus: true });
    },
  });
  const message = (key: string | undefined) => (key ? t(key) : null);
  const wrongCurrent = errors.current_password?.type === 'server';
  return (
    <form
      className="account-password"
      onSubmit={form.handleSubmit((values) => !change.isPending && change.mutate(values))}
      noValidate
    >
      <h3>{t('change.title')}</h3>
      <p className="muted">{t('change.intro')}</p>
      <Field
        label={t('fields.currentPassword')}
        type="password"
        autoComplete="current-password"
        error={message(errors.current_password?.message)}
        required
        {...form.register('current_password')}
      />
      <Field
        label={t('fields.newPassword')}
        type="password"
        autoComplete="new-password"
        error={message(errors.new_password?.message)}
        help={t('fields.passwordHelp', { count: PASSWORD_MIN })}
        required
        {...form.register('new_password')}
      />
      <Field
        label={t('fields.repeat')}
        type="password"
        autoComplete="new-password"
        error={message(errors.repeat?.message)}
        required
        {...form.register('repeat')}
      />
      {change.isSuccess && (
        <p role="status" data-testid="password-changed">
          {t('change.done')}
        </p>
      )}
      {change.isError && !wrongCurrent && <ErrorNotice error={accountFailure(change.error, t, 'reset')} />}
      <button type="submit" className="btn btn-primary" aria-disabled={change.isPending || undefined}>
        {change.isPending ? t('change.submitting') : t('change.submit')}
      </button>
    </form>
  );
}

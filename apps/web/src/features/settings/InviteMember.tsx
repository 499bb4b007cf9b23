import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorNote } from '../../components/ui';
import { FormField, useSubmit } from './forms';
import { ROLES, type InviteResult } from './model';
import { useInvite } from './queries';
import { inviteForm, type InviteForm } from './schemas';

/** Invites a person by e-mail with a role: the invitation is mailed, and they join by accepting it. */
export function InviteMember({ onInvited }: { onInvited: (r: InviteResult) => void }) {
  const { t } = useTranslation('settings');
  const invite = useInvite();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteForm, unknown, z.output<typeof inviteForm>>({
    resolver: zodResolver(inviteForm),
    defaultValues: { email: '', role: 'viewer' },
  });
  const { failure, run } = useSubmit(setError, { email: 'email', role: 'role' });

  const submit = handleSubmit((v) =>
    run(async () => {
      onInvited(await invite.mutateAsync(v));
      reset();
    }),
  );

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} aria-labelledby="invite-heading" noValidate>
      <h3 id="invite-heading">{t('members.inviteHeading')}</h3>
      <div className="settings-fields">
        <FormField label={t('members.email')} error={errors.email}>
          {(a11y) => <input {...a11y} {...register('email')} type="email" maxLength={254} autoComplete="off" />}
        </FormField>
        <FormField label={t('members.role')} error={errors.role}>
          {(a11y) => (
            <select {...a11y} {...register('role')}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
          {isSubmitting ? t('members.inviting') : t('members.invite')}
        </button>
      </div>
      {failure && <ErrorNote error={failure} />}
    </form>
  );
}

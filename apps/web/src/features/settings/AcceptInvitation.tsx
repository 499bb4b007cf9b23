import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorNote } from '../../components/ui';
import { FormField, useSubmit } from './forms';
import { invitationToken } from './links';
import { useSettings } from './model';
import { useAcceptInvitation } from './queries';
import { acceptForm, type AcceptForm } from './schemas';

/**
 * Where an invitation link leads (`/settings/accept#token=gsm_i_...`, or `?token=`): join the organisation as the
 * signed-in user, then act in it. The field is filled from the link; a pasted link or token works too.
 */
export function AcceptInvitation() {
  const { t } = useTranslation('settings');
  const { me } = useSettings();
  const fromLink = useLocation({
    select: (l) => invitationToken(l.hash || String((l.search as { token?: unknown }).token ?? '')),
  });
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AcceptForm, unknown, z.output<typeof acceptForm>>({
    resolver: zodResolver(acceptForm),
    defaultValues: { token: fromLink },
  });
  const { failure, run } = useSubmit(setError, { token: 'token' });

  const submit = handleSubmit((v) =>
    run(async () => {
      await accept.mutateAsync(v.token);
      await navigate({ to: '/settings/$tab', params: { tab: 'members' }, replace: true });
    }),
  );

  return (
    <form className="card settings-form" onSubmit={(e) => void submit(e)} noValidate>
      <p>
        <Trans t={t} i18nKey="accept.signedInAs" values={{ email: me.email }} components={{ strong: <strong /> }} />
      </p>
      <FormField label={t('accept.token')} error={errors.token}>
        {(a11y) => <input {...a11y} {...register('token')} autoComplete="off" />}
      </FormField>
      {failure && <ErrorNote error={failure} />}
      <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
        {isSubmitting ? t('accept.joining') : t('accept.submit')}
      </button>
    </form>
  );
}

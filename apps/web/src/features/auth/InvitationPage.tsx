import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../app/Layout';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { rememberHash } from '../../lib/after-sign-in';
import { ApiFailure, session } from '../../lib/api';
import { client, unwrap } from '../../lib/api/client';
import { navigate } from '../../lib/router';
import { AuthFrame } from './AuthFrame';
import { invitationToken } from './invitation-token';
import { InvitationForm } from './schema';
import './auth.css';

/** The page of the invitation mail's link (the api-gateway's ACCEPT_PATH). */
const ACCEPT_PATH = '/invitations/accept';

/** The token of the invitation link (`/invitations/accept#token=…`); the fragment never reaches a server log. */
function tokenOfLink(): string {
  const hash = globalThis.location?.hash ?? '';
  return invitationToken(new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '');
}

/** Why the API refused (details.reason of a 403 or 404), for a sentence in the reader's language. */
const REASONS = ['other_email', 'email_unverified', 'used', 'revoked', 'expired', 'unknown'] as const;
type Reason = (typeof REASONS)[number];
const reasonOf = (error: unknown): Reason | null => {
  const reason = error instanceof ApiFailure ? error.details?.reason : null;
  return REASONS.find((r) => r === reason) ?? null;
};

/** Signs out and opens the sign-in page that comes back here with the same token. */
async function switchAccount(token: string): Promise<void> {
  await signOut();
  rememberHash(`token=${encodeURIComponent(invitationToken(token))}`);
  navigate(`/login?next=${encodeURIComponent(ACCEPT_PATH)}`, { replace: true });
}

/**
 * Where the invitation mail's link leads. Signed out: sign in with the invited address (and come back here), or
 * sign up with it first. Signed in: one click joins (a mail scanner that merely opens the link joins nothing);
 * a refusal says why and what to do (another address, an unverified one, a used, withdrawn or expired link).
 */
export function InvitationPage() {
  const { t } = useTranslation('invitations');
  const signedIn = useSyncExternalStore(session.subscribe, () => session.token() !== null);
  const form = useForm<InvitationForm>({
    resolver: zodResolver(InvitationForm),
    defaultValues: { token: tokenOfLink() },
  });
  const tokenError = form.formState.errors.token?.message;
  const accept = useMutation({
    mutationFn: (value: string) =>
      unwrap(client.POST('/api/v1/invitations/accept', { body: { token: invitationToken(value) } })),
    onSuccess: (joined) => {
      globalThis.history?.replaceState(null, '', globalThis.location.pathname);
      session.setOrg(joined.organisation.id);
    },
  });

  if (!signedIn) {
    // Back here after signing in, with the link's token kept in this tab only (never in a URL a server logs).
    const keep = () => rememberHash(globalThis.location?.hash ?? '');
    return (
      <AuthFrame title={t('title')}>
        <p>{t('signedOut.intro')}</p>
        <p>
          <Link to="/login" search={{ next: ACCEPT_PATH }} className="btn btn-primary" onClick={keep}>
            {t('signedOut.signIn')}
          </Link>
        </p>
        <p className="muted small">
          {t('signedOut.noAccount')} <Link to="/signup">{t('signedOut.signUp')}</Link>
        </p>
      </AuthFrame>
    );
  }

  if (accept.data)
    return (
      <AuthFrame title={t('joined.title')}>
        <p role="status" data-testid="invitation-accepted">
          {t('joined.text', { name: accept.data.organisation.name, role: t(`settings:roles.${accept.data.role}`) })}
        </p>
        <p>
          <Link to="/servers" className="btn btn-primary">
            {t('joined.open')}
          </Link>
        </p>
      </AuthFrame>
    );

  const submit = form.handleSubmit(({ token }) => {
    if (!accept.isPending) accept.mutate(token);
  });
  const reason = reasonOf(accept.error);
  return (
    <AuthFrame title={t('title')}>
      <p>{t('signedIn.intro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={t('signedIn.token')}
          autoComplete="off"
          spellCheck={false}
          error={tokenError ? t(tokenError as never) : null}
          {...form.register('token')}
        />
        {accept.isError &&
          (reason ? (
            // A refusal the page knows: said in the reader's language, with what to do.
            <div className="notice notice-error" role="alert">
              <p className="notice-title" data-testid="invitation-refused" data-reason={reason}>
                {t(`reasons.${reason}`)}
              </p>
              {reason === 'other_email' && (
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => void switchAccount(form.getValues('token'))}
                >
                  {t('signedIn.switch')}
                </button>
              )}
            </div>
          ) : (
            <ErrorNotice error={accept.error} />
          ))}
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={accept.isPending || undefined}>
          {accept.isPending ? t('signedIn.joining') : t('signedIn.submit')}
        </button>
      </form>
      <p className="muted small">{t('signedIn.ignore')}</p>
    </AuthFrame>
  );
}

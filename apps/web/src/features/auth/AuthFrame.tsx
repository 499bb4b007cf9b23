import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { LanguagePicker } from '../../app/LanguagePicker';
import { ThemeToggle } from '../../app/Layout';
import { ApiFailure } from '../../lib/api';
import { formatSpan } from '../../lib/format';
import { apiFieldProblems } from './schema';

/** The frame of the public account pages: product name, language and theme, the card with the form. */
export function AuthFrame(props: { title: string; children: ReactNode }) {
  const { t } = useTranslation('auth');
  return (
    <div className="auth">
      <header className="auth-top">
        <span className="brand">
          <span className="brand-mark" aria-hidden="true">
            ◆
          </span>
          {t('common:app.name')}
        </span>
        <span className="auth-tools">
          <LanguagePicker />
          <ThemeToggle />
        </span>
      </header>
      <main id="main" className="auth-card">
        <h1>{props.title}</h1>
        {props.children}
      </main>
      <p className="auth-foot muted small">{t('frame.tagline')}</p>
    </div>
  );
}

/** A field's error as the reader sees it: the form's rules carry `auth` keys, the API's problems its own words. */
export function useFieldError() {
  const { t } = useTranslation('auth');
  return (error: FieldError | undefined): string | null =>
    !error?.message ? null : error.type === 'server' ? error.message : t(error.message);
}

/**
 * The API's sign-in and sign-up failures in the reader's language (wrong password, throttled, e-mail taken), as
 * an {@link ApiFailure} for ErrorNotice; any other failure keeps the API's own message and remedy. The English
 * texts are the API's (auth.service.ts), so an English reader sees exactly what the API said.
 */
export function translatedFailure(error: unknown, t: TFunction<'auth'>): unknown {
  if (!(error instanceof ApiFailure)) return error;
  const retry = error.details?.retry_after_seconds;
  const text =
    error.code === 'Unauthenticated'
      ? { message: t('errors.wrongCredentials'), remedy: t('errors.wrongCredentialsRemedy') }
      : error.code === 'TooManyRequests'
        ? {
            message: t('errors.throttled'),
            remedy:
              typeof retry === 'number'
                ? t('errors.throttledRemedy', { wait: formatSpan(retry) })
                : (error.remedy ?? t('errors.throttledRemedyLater')),
          }
        : error.code === 'Conflict'
          ? { message: t('errors.emailTaken'), remedy: t('errors.emailTakenRemedy') }
          : null;
  if (!text) return error;
  return new ApiFailure(error.status, error.code, text.message, text.remedy, error.details, error.requestId);
}

/** The API's field problems (400 ValidationFailed) on the named fields, focus on the first. */
export function showFieldProblems<F extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<F>,
  fields: readonly Path<F>[],
): void {
  if (!(error instanceof ApiFailure)) return;
  const known = apiFieldProblems(error.details).filter(([field]) => (fields as readonly string[]).includes(field));
  known.forEach(([field, problem], i) =>
    setError(field as Path<F>, { type: 'server', message: problem }, { shouldFocus: i === 0 }),
  );
}

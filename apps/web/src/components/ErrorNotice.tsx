import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../lib/api';

/**
 * A failure as the user sees it: what went wrong and what to do. The message and remedy are the API's own (in
 * English, as the API words them); `remedy` stands in where the API gave none, `children` add a way on.
 */
export function ErrorNotice(props: {
  error: unknown;
  title?: string;
  remedy?: string | null;
  onRetry?: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const e = props.error;
  const failure = e instanceof ApiFailure ? e : null;
  const message = capitalise(failure?.message ?? (e instanceof Error ? e.message : String(e)));
  const remedy = failure?.remedy ?? props.remedy;
  return (
    <div className={`notice notice-error${props.className ? ` ${props.className}` : ''}`} role="alert">
      <p className="notice-title">{props.title ? t('errors.titled', { title: props.title, message }) : message}</p>
      {remedy && (
        <p className="remedy" data-testid="remedy">
          {remedy}
        </p>
      )}
      {props.children}
      {failure?.requestId && <p className="muted small">{t('errors.requestId', { id: failure.requestId })}</p>}
      {props.onRetry && (
        <button type="button" className="btn btn-small" onClick={props.onRetry}>
          {t('errors.tryAgain')}
        </button>
      )}
    </div>
  );
}

export function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { ApiFailure } from '../lib/api';

/** An API failure as the user sees it: what went wrong and what to do (the API's remedy). */
export function ErrorNotice(props: { error: unknown; title?: string; onRetry?: () => void }) {
  const e = props.error;
  const failure = e instanceof ApiFailure ? e : null;
  const message = failure?.message ?? (e instanceof Error ? e.message : String(e));
  return (
    <div className="notice notice-error" role="alert">
      <p className="notice-title">
        {props.title ? `${props.title}: ` : ''}
        {capitalise(message)}
      </p>
      {failure?.remedy && (
        <p className="remedy" data-testid="remedy">
          {failure.remedy}
        </p>
      )}
      {failure?.requestId && <p className="muted small">Request id {failure.requestId}</p>}
      {props.onRetry && (
        <button type="button" className="btn btn-small" onClick={props.onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

export function capitalise(s: string): string {
  return s ? s[0]!.toUpperCase() + s.slice(1) : s;
}

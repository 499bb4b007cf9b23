// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ApiFailure } from '../lib/api';
import { Link } from '../lib/router';
import { toFailure, useAction, type Loaded } from '../lib/useApi';

/** The id of the active panel's heading: where focus goes when the element that had it is gone. */
export const PANEL_HEADING = 'settings-panel-heading';
export const focusPanel = () => document.getElementById(PANEL_HEADING)?.focus();

/** The tab list of a sectioned page (settings, alerts): one link per section, the current one marked. */
export function SectionTabs(p: {
  label: string;
  base: string;
  tabs: readonly { id: string; label: string }[];
  current: string;
}) {
  return (
    <nav aria-label={p.label}>
      <ul className="settings-tabs">
        {p.tabs.map((t) => (
          <li key={t.id}>
            <Link to={`${p.base}/${t.id}`} aria-current={t.id === p.current ? 'page' : undefined}>
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An API failure as the API words it: message, remedy, and the way on where there is one. */
export function ErrorNote({ error, retry }: { error: ApiFailure; retry?: () => void }) {
  const toRemove = error.details?.to_remove;
  const remedy =
    error.remedy ?? (typeof toRemove === 'number' ? `Remove ${toRemove} server(s) first, then change the plan.` : null);
  return (
    <div className="notice notice-error settings-error" role="alert">
      <p className="notice-title">{sentence(error.message)}</p>
      {remedy && (
        <p className="remedy" data-testid="remedy">
          {remedy}
        </p>
      )}
      {error.code === 'PlanLimitReached' && (
        <p>
          <Link to="/settings/plan">Compare plans</Link>
        </p>
      )}
      {typeof toRemove === 'number' && (
        <p>
          <Link to="/servers">Go to your servers</Link>
        </p>
      )}
      {error.requestId && <p className="muted small">Request id {error.requestId}</p>}
      {retry && (
        <button type="button" className="btn btn-small" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** What Loadable shows: a TanStack query's result (or the older Loaded shape). */
export type LoadState<T> = { data: T | undefined; error: unknown; refetch: () => unknown } | Loaded<T>;

/** Loading, failure or the data: never a blank area. */
export function Loadable<T>(p: { state: LoadState<T>; what: string; children: (data: T) => ReactNode }) {
  const retry = 'refetch' in p.state ? () => void (p.state as { refetch: () => unknown }).refetch() : p.state.reload;
  if (p.state.error) return <ErrorNote error={toFailure(p.state.error)} retry={retry} />;
  if (p.state.data === undefined)
    return (
      <p className="muted small" role="status">
        Loading {p.what}…
      </p>
    );
  return p.children(p.state.data);
}

/** A polite live region for outcomes ("Token revoked."); always rendered so screen readers hear changes. */
export function Notice({ text }: { text: string }) {
  return (
    <p className={text ? 'notice notice-ok' : 'settings-empty'} role="status">
      {text}
    </p>
  );
}

export function Time({ iso, none = '—' }: { iso: string | null; none?: string }) {
  if (!iso) return <>{none}</>;
  const d = new Date(iso);
  return (
    <time dateTime={iso} title={d.toISOString()}>
      {d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

/** Text for screen readers only (e.g. which row a "Revoke" button acts on). */
export const SrOnly = ({ children }: { children: ReactNode }) => <span className="sr-only">{children}</span>;

/** A table that scrolls sideways when wide and becomes stacked rows on small screens (cells carry data-label). */
export function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  return (
    <div className="table-wrap settings-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="table settings-table">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h || <SrOnly>Actions</SrOnly>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A value with a copy button; "Copied" is announced, and where the clipboard is blocked the text is selected. */
export function CopyField({ value, label, testId }: { value: string; label: string; testId: string }) {
  const [said, setSaid] = useState('');
  const code = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!said) return;
    const t = setTimeout(() => setSaid(''), 5000);
    return () => clearTimeout(t);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied to the clipboard.');
    } catch {
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setSaid('The browser blocked copying: the text is selected, press Ctrl+C (⌘C) to copy it.');
    }
  };
  return (
    <div className="settings-copy">
      <code ref={code} data-testid={testId}>
        {value}
      </code>
      <button type="button" className="btn" onClick={() => void copy()}>
        Copy {label}
      </button>
      <span role="status" className="muted small">
        {said}
      </span>
    </div>
  );
}

/** A secret shown once: takes focus when it appears, warns that it will not be shown again. */
export function OnceSecret(p: {
  title: string;
  value: string;
  label: string;
  testId: string;
  warning: string;
  children?: ReactNode;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), [p.value]);
  return (
    <section className="card settings-secret" aria-labelledby={id}>
      <h3 id={id} ref={heading} tabIndex={-1}>
        {p.title}
      </h3>
      <p className="settings-warning">
        <strong>{p.warning}</strong>
      </p>
      <CopyField value={p.value} label={p.label} testId={p.testId} />
      {p.children}
      <button
        type="button"
        className="btn"
        onClick={() => {
          p.onDone();
          focusPanel();
        }}
      >
        Done, hide it
      </button>
    </section>
  );
}

/**
 * A button that asks first (native modal dialog: focus trapped, Escape cancels). Cancel returns focus to the
 * button; after success the row is usually gone, so focus goes to the panel heading. Failures show in the dialog.
 */
export function ConfirmButton(p: {
  /** Visible text of the button, e.g. "Revoke". */
  children: ReactNode;
  /** What it acts on, for screen readers, e.g. `token "ci"`. */
  target?: string;
  question: string;
  detail?: ReactNode;
  confirm: string;
  danger?: boolean;
  action: () => Promise<unknown>;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const act = useAction();
  const danger = p.danger ?? true;
  const cancel = () => {
    dialog.current?.close();
    trigger.current?.focus();
  };
  const ok = async () => {
    if (!(await act.run(p.action))) return;
    dialog.current?.close();
    focusPanel();
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`btn btn-small${danger ? ' btn-danger-ghost' : ''}`}
        onClick={() => {
          act.clear();
          dialog.current?.showModal();
          cancelButton.current?.focus();
        }}
      >
        {p.children}
        {p.target && <SrOnly> {p.target}</SrOnly>}
      </button>
      <dialog
        ref={dialog}
        className="dialog"
        aria-labelledby={id}
        onCancel={(e) => {
          e.preventDefault();
          cancel();
        }}
      >
        <h3 id={id}>{p.question}</h3>
        {p.detail && <div>{p.detail}</div>}
        {act.error && <ErrorNote error={act.error} />}
        <div className="settings-actions">
          <button ref={cancelButton} type="button" className="btn" onClick={cancel}>
            Cancel
          </button>
          <button
            type="button"
            className={danger ? 'btn btn-danger' : 'btn btn-primary'}
            aria-disabled={act.pending}
            onClick={() => void ok()}
          >
            {act.pending ? 'Working…' : p.confirm}
          </button>
        </div>
      </dialog>
    </>
  );
}

/** A message for a section the caller's role cannot use (instead of controls that would only fail). */
export function RoleNote({ children }: { children: ReactNode }) {
  return <p className="notice notice-info">{children}</p>;
}

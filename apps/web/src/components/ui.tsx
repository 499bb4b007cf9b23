import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toFailure, type ApiFailure } from '../lib/api';
import { dateTime, ms } from '../lib/format';
import { ErrorNotice } from './ErrorNotice';

/** The id of the active panel's heading: where focus goes when the element that had it is gone. */
export const PANEL_HEADING = 'settings-panel-heading';
export const focusPanel = () => document.getElementById(PANEL_HEADING)?.focus();

/** The tab list of a sectioned page (settings, alerts): one link per section, the current one marked. */
export function SectionTabs(p: {
  label: string;
  base: '/settings' | '/alerts';
  tabs: readonly { id: string; label: string }[];
  current: string;
}) {
  return (
    <nav aria-label={p.label}>
      <ul className="settings-tabs">
        {p.tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={p.base === '/settings' ? '/settings/$tab' : '/alerts/$tab'}
              params={{ tab: tab.id }}
              aria-current={tab.id === p.current ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An API failure as the API words it: message, remedy, and the way on where there is one. */
export function ErrorNote({ error, retry }: { error: ApiFailure; retry?: () => void }) {
  const { t } = useTranslation();
  const toRemove = error.details?.to_remove;
  return (
    <ErrorNotice
      error={error}
      onRetry={retry}
      className="settings-error"
      remedy={typeof toRemove === 'number' ? t('errors.removeServers', { count: toRemove }) : null}
    >
      {error.code === 'PlanLimitReached' && (
        <p>
          <Link to="/settings/$tab" params={{ tab: 'plan' }}>
            {t('errors.comparePlans')}
          </Link>
        </p>
      )}
      {typeof toRemove === 'number' && (
        <p>
          <Link to="/servers">{t('errors.goToServers')}</Link>
        </p>
      )}
    </ErrorNotice>
  );
}

/** What Loadable shows: a TanStack query's result. */
export type LoadState<T> = { data: T | undefined; error: unknown; refetch: () => unknown };

/** Loading, failure or the data: never a blank area. `what` names what loads, in the reader's language. */
export function Loadable<T>(p: { state: LoadState<T>; what?: string; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  const state = p.state;
  if (state.error) return <ErrorNote error={toFailure(state.error)} retry={() => void state.refetch()} />;
  if (state.data === undefined)
    return (
      <p className="muted small" role="status">
        {p.what ? t('ui.loading', { what: p.what }) : t('app.loading')}
      </p>
    );
  return p.children(state.data);
}

/** A polite live region for outcomes ("Token revoked."); always rendered so screen readers hear changes. */
export function Notice({ text }: { text: string }) {
  return (
    <p className={text ? 'notice notice-ok' : 'settings-empty'} role="status">
      {text}
    </p>
  );
}

/** A timestamp in the reader's language; the exact UTC time on hover. */
export function Time({ iso, none = '—' }: { iso: string | null; none?: string }) {
  const time = ms(iso);
  if (time === null) return <>{none}</>;
  return (
    <time dateTime={iso!} title={new Date(time).toISOString()}>
      {dateTime(time)}
    </time>
  );
}

/** Text for screen readers only (e.g. which row a "Revoke" button acts on). */
export const SrOnly = ({ children }: { children: ReactNode }) => <span className="sr-only">{children}</span>;

/**
 * A table that scrolls sideways when wide and becomes stacked rows on small screens (cells carry data-label). The
 * scroll container is a named, focusable region so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function Table({ label, head, children }: { label: string; head: string[]; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap settings-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="table settings-table">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col">
                {h || <SrOnly>{t('ui.actions')}</SrOnly>}
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
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const code = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 5000);
    return () => clearTimeout(timer);
  }, [said]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(t('ui.copied'));
    } catch {
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setSaid(t('ui.copyBlocked'));
    }
  };
  return (
    <div className="settings-copy">
      <code ref={code} data-testid={testId}>
        {value}
      </code>
      <button type="button" className="btn" onClick={() => void copy()}>
        {t('ui.copy', { label })}
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
  const { t } = useTranslation();
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
        {t('ui.hideSecret')}
      </button>
    </section>
  );
}

/**
 * A button that asks first (native modal dialog: focus trapped, Escape cancels). Cancel returns focus to the
 * button; after success the row is usually gone, so focus goes to the panel heading. Failures show in the dialog.
 * The confirm button is never disabled while working (a disabled button loses the focus); a second press is ignored.
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
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const act = useMutation({ mutationFn: p.action });
  const danger = p.danger ?? true;
  const cancel = () => {
    dialog.current?.close();
    trigger.current?.focus();
  };
  // The mutation's own pending state arrives a render later; a ref stops a quick second press at once.
  const busy = useRef(false);
  const ok = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      await act.mutateAsync();
      dialog.current?.close();
      focusPanel();
    } catch {
      // Shown in the dialog (act.error); the dialog stays open for another try or Cancel.
    } finally {
      busy.current = false;
    }
  };
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={`btn btn-small${danger ? ' btn-danger-ghost' : ''}`}
        onClick={() => {
          act.reset();
          dialog.current?.showModal();
          cancelButton.current?.focus();
        }}
      >
        {p.children}
        {/* The space outside the hidden text: some name computations trim it inside, gluing "Revoketoken". */}
        {p.target && ' '}
        {p.target && <SrOnly>{p.target}</SrOnly>}
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
        {act.error && <ErrorNote error={toFailure(act.error)} />}
        <div className="settings-actions">
          <button ref={cancelButton} type="button" className="btn" onClick={cancel}>
            {t('ui.cancel')}
          </button>
          <button
            type="button"
            className={danger ? 'btn btn-danger' : 'btn btn-primary'}
            aria-disabled={act.isPending}
            onClick={() => void ok()}
          >
            {act.isPending ? t('ui.working') : p.confirm}
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

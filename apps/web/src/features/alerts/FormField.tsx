import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiFailure, fieldProblems } from '../../lib/api';

/** What an input needs to be read with its label, its help and its error. */
export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A field's problem: react-hook-form's error (of a field or an array of them) or a message. */
type FieldProblem = string | { message?: string } | undefined;

const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/**
 * A labelled control with its help and its error below it, both linked to the control (aria-describedby; the error
 * first, so a screen reader says what is wrong before how it should look). The control gets its id and ARIA
 * attributes from the render function.
 */
export function FormField(p: {
  label: ReactNode;
  help?: ReactNode;
  error?: FieldProblem;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const id = useId();
  const error = typeof p.error === 'string' ? p.error : p.error?.message;
  return (
    <div className={`settings-field alerts-field ${p.className ?? ''}`}>
      <label htmlFor={id}>{p.label}</label>
      {p.children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(error && `${id}-err`, p.help !== undefined && `${id}-help`),
      })}
      {error && (
        <p className="field-error" id={`${id}-err`}>
          {error}
        </p>
      )}
      {p.help !== undefined && (
        <p className="field-help" id={`${id}-help`}>
          {p.help}
        </p>
      )}
    </div>
  );
}

/** A group of radios or checkboxes under its legend, its error linked to the group. */
export function FieldGroup(p: {
  legend: ReactNode;
  error?: FieldProblem;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  const error = typeof p.error === 'string' ? p.error : p.error?.message;
  return (
    <fieldset
      className={`settings-checks ${p.className ?? ''}`}
      aria-describedby={error ? `${id}-err` : undefined}
      data-testid={p.testId}
    >
      <legend>{p.legend}</legend>
      {p.children}
      {error && (
        <p className="field-error alerts-group-error" id={`${id}-err`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Field problems of a 400 ValidationFailed (`details.fields`) or a refused URL (`details.field`), by body path. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(error instanceof ApiFailure) || !error.details) return out;
  for (const [path, problem] of fieldProblems(error.details)) out[path] = problem;
  const { field } = error.details;
  if (typeof field === 'string') out[field.replace(/^body\./, '')] = error.message;
  return out;
}

/**
 * Puts the API's field problems on the form's fields (`fieldOf` maps a body path to a field, null = none shows it)
 * and moves the focus to the first. Returns whether any landed on a field; the rest the caller shows in full.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: (bodyPath: string) => Path<T> | null,
): boolean {
  let placed = false;
  for (const [path, message] of Object.entries(apiFieldErrors(error))) {
    const field = fieldOf(path);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

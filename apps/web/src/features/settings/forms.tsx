import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiFailure, fieldProblems, toFailure } from '../../lib/api';

/**
 * What the settings' forms share: a field wired for screen readers (label, help and error linked with
 * aria-describedby, aria-invalid), and the API's field errors put on the fields they name.
 */

/** A field's error in the reader's language: the schema's are `settings` keys, the API's (type "server") are text. */
export function useErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation('settings');
  return (error) => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message as never);
  };
}

/** The attributes a control gets from its field. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

function describedBy(id: string, help: boolean, error: boolean): string | undefined {
  return [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** A labelled control with its help and its error; `children` renders the control with the ids it needs. */
export function FormField(p: {
  label: ReactNode;
  error?: FieldError;
  help?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const text = useErrorText()(p.error);
  return (
    <div className={`settings-field ${p.className ?? ''}`}>
      <label htmlFor={id}>{p.label}</label>
      {/* Help above the control, the error below it: the controls of a row of fields stay level. */}
      {p.help && (
        <p className="field-help" id={`${id}-help`}>
          {p.help}
        </p>
      )}
      {p.children({
        id,
        'aria-invalid': text ? true : undefined,
        'aria-describedby': describedBy(id, !!p.help, !!text),
      })}
      {text && (
        <p className="field-error" id={`${id}-error`}>
          {text}
        </p>
      )}
    </div>
  );
}

/** A group of checkboxes or radios (a fieldset) with its error linked to the group. */
export function FieldGroup(p: { legend: ReactNode; error?: FieldError; children: ReactNode; className?: string }) {
  const id = useId();
  const text = useErrorText()(p.error);
  return (
    <fieldset className={`settings-checks ${p.className ?? ''}`} aria-describedby={text ? `${id}-error` : undefined}>
      <legend>{p.legend}</legend>
      {p.children}
      {text && (
        <p className="field-error settings-group-error" id={`${id}-error`}>
          {text}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Puts the API's field errors (`details.fields: [{ field, problem }]` of a 400) on the form's fields, the first one
 * focused; `fieldOf` maps an API field name to the form's. Returns whether any was placed: if none was, the caller
 * shows the failure as a whole.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOf: Record<string, Path<T>>,
): boolean {
  if (!(error instanceof ApiFailure)) return false;
  let placed = 0;
  for (const [field, problem] of fieldProblems(error.details)) {
    const name = fieldOf[field.split('.')[0] ?? ''];
    if (!name) continue;
    setError(name, { type: 'server', message: problem }, { shouldFocus: placed === 0 });
    placed++;
  }
  return placed > 0;
}

/** A mutation's failure as an ApiFailure for `ErrorNote` (a network error is one already). */
export function failureOf(error: unknown): ApiFailure | null {
  return error === null || error === undefined ? null : toFailure(error);
}

/**
 * Runs a form's write: the API's field errors land on their fields (first one focused), any other failure is
 * returned as `failure` for an ErrorNote under the form.
 */
export function useSubmit<T extends FieldValues>(setError: UseFormSetError<T>, fieldOf: Record<string, Path<T>>) {
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const run = async (work: () => Promise<unknown>): Promise<void> => {
    setFailure(null);
    try {
      await work();
    } catch (e) {
      if (!applyApiErrors(e, setError, fieldOf)) setFailure(failureOf(e));
    }
  };
  return { failure, run };
}

import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input with its help text and inline error, wired for screen readers. */
export function Field(
  props: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null; help?: string },
) {
  const { label, error, help, className, ...input } = props;
  const id = useId();
  const helpId = `${id}-help`;
  const errId = `${id}-err`;
  const describedBy = [help ? helpId : null, error ? errId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {help && (
        <p className="field-help" id={helpId}>
          {help}
        </p>
      )}
      {error && (
        <p className="field-error" id={errId}>
          {error}
        </p>
      )}
    </div>
  );
}

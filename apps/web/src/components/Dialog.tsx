// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useEffect, useRef, type ReactNode } from 'react';

/** A modal dialog (native <dialog>: focus is trapped, Escape closes it, focus returns to the opener). */
export function Dialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={`dialog${props.wide ? ' dialog-wide' : ''}`}
      aria-labelledby="dialog-title"
      onClose={props.onClose}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      {props.open && (
        <>
          <header className="dialog-head">
            <h2 id="dialog-title">{props.title}</h2>
            <button type="button" className="btn btn-ghost btn-icon" aria-label="Close" onClick={props.onClose}>
              ×
            </button>
          </header>
          {props.children}
        </>
      )}
    </dialog>
  );
}

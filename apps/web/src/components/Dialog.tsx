import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A modal dialog (native <dialog>: focus is trapped, Escape closes it, focus returns to the opener). */
export function Dialog(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
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
      aria-labelledby={titleId}
      onClose={props.onClose}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
    >
      {props.open && (
        <>
          <header className="dialog-head">
            <h2 id={titleId}>{props.title}</h2>
            <button type="button" className="btn btn-ghost btn-icon" aria-label={t('ui.close')} onClick={props.onClose}>
              ×
            </button>
          </header>
          {props.children}
        </>
      )}
    </dialog>
  );
}

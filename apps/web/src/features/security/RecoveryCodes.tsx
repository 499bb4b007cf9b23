import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Ten recovery codes, shown once: copy all, download as a text file, then hide them. */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('security');
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const [said, setSaid] = useState('');
  useEffect(() => heading.current?.focus(), [codes]);
  const text = `${t('codes.fileHeading', { email })}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setSaid(t('codes.copied'));
    } catch {
      setSaid(t('codes.copyBlocked'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="card settings-secret" aria-labelledby={id} data-testid="recovery-codes">
      <h3 id={id} ref={heading} tabIndex={-1}>
        {t('codes.title')}
      </h3>
      <p className="settings-warning">
        <strong>{t('codes.warning')}</strong>
      </p>
      <ol className="security-codes">
        {codes.map((code) => (
          <li key={code}>
            <code data-testid="recovery-code">{code}</code>
          </li>
        ))}
      </ol>
      <div className="security-actions">
        <button type="button" className="btn" onClick={() => void copy()}>
          {t('codes.copy')}
        </button>
        <button type="button" className="btn" onClick={download}>
          {t('codes.download')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onDone}>
          {t('codes.done')}
        </button>
      </div>
      <p role="status" className="muted small">
        {said}
      </p>
    </section>
  );
}

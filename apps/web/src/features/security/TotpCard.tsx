import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { CopyField } from '../../components/ui';
import { useConfirmTotp, useDisableTotp, useRegenerateCodes, useStartTotp, type TwoFactorStatus } from './queries';
import { RecoveryCodes } from './RecoveryCodes';

/** The authenticator app: set up (QR code, key, first code), new recovery codes, turn off. */
export function TotpCard({ status, email }: { status: TwoFactorStatus; email: string }) {
  const { t } = useTranslation('security');
  const [codes, setCodes] = useState<string[] | null>(null);
  return (
    <section className="card security-card" aria-labelledby="totp-heading">
      <h3 id="totp-heading">{t('totp.heading')}</h3>
      <p data-testid="totp-state">
        {status.totp_enabled ? t('totp.on', { count: status.recovery_codes_remaining }) : t('totp.off')}
      </p>
      {codes && <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />}
      {!status.totp_enabled && !codes && <Enrol onCodes={setCodes} />}
      {status.totp_enabled && (
        <>
          <Regenerate onCodes={setCodes} />
          <Disable />
        </>
      )}
    </section>
  );
}

function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  if (!start.data)
    return (
      <>
        {start.isError && <ErrorNotice error={start.error} />}
        <button type="button" className="btn btn-primary" data-testid="totp-start" onClick={() => start.mutate()}>
          {t('totp.start')}
        </button>
      </>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // mutateAsync: the codes arrive after the status refetch has already replaced this form.
    if (!confirm.isPending)
      confirm.mutateAsync(code).then(
        (answer) => onCodes(answer.recovery_codes),
        () => undefined,
      );
  };
  return (
    <form onSubmit={submit} noValidate className="security-enrol">
      <p>{t('totp.scan')}</p>
      <img src={start.data.qr_code} alt={t('totp.qrAlt')} width={200} height={200} data-testid="totp-qr" />
      <CopyField value={start.data.secret} label={t('totp.secretLabel')} testId="totp-secret" />
      <label className="field">
        <span>{t('totp.code')}</span>
        <input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          data-testid="totp-code"
        />
      </label>
      {confirm.isError && <ErrorNotice error={confirm.error} />}
      <div className="security-actions">
        <button type="submit" className="btn btn-primary">
          {confirm.isPending ? t('totp.confirming') : t('totp.confirm')}
        </button>
        <button type="button" className="btn" onClick={() => start.reset()}>
          {t('totp.cancel')}
        </button>
      </div>
    </form>
  );
}

function Regenerate({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('security');
  const regenerate = useRegenerateCodes();
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!regenerate.isPending)
      regenerate.mutateAsync(code).then(
        (answer) => {
          setCode('');
          onCodes(answer.recovery_codes);
        },
        () => undefined,
      );
  };
  return (
    <form onSubmit={submit} noValidate>
      <h4>{t('totp.regenerate')}</h4>
      <p className="muted small">{t('totp.regenerateHelp')}</p>
      <label className="field">
        <span>{t('totp.code')}</span>
        <input autoComplete="one-time-code" maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      {regenerate.isError && <ErrorNotice error={regenerate.error} />}
      <button type="submit" className="btn">
        {t('totp.regenerate')}
      </button>
    </form>
  );
}

function Disable() {
  const { t } = useTranslation('security');
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!disable.isPending) disable.mutate(code ? { code } : { password });
  };
  return (
    <form onSubmit={submit} noValidate>
      <h4>{t('totp.disableHeading')}</h4>
      <p className="muted small">{t('totp.disableHelp')}</p>
      <label className="field">
        <span>{t('totp.password')}</span>
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      <label className="field">
        <span>{t('totp.orCode')}</span>
        <input autoComplete="one-time-code" maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      {disable.isError && <ErrorNotice error={disable.error} />}
      <button type="submit" className="btn">
        {t('totp.disable')}
      </button>
    </form>
  );
}

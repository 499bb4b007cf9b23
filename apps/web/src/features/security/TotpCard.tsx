import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { CopyField } from '../../components/ui';
import { useConfirmTotp, useDisableTotp, useRegenerateCodes, useStartTotp, type TwoFactorStatus } from './queries';
import { RecoveryCodes } from './RecoveryCodes';
import { DisableTotpForm, TotpCodeForm, type DisableTotpProof } from './schema';

/** A field's error in the reader's language (the schema's messages are `security` keys). */
function useErrorText(): (error: FieldError | undefined) => string | null {
  const { t } = useTranslation('security');
  return (error) => (error?.message ? t(error.message as never) : null);
}

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
  const errorText = useErrorText();
  const form = useForm<TotpCodeForm>({ resolver: zodResolver(TotpCodeForm), defaultValues: { code: '' } });
  if (!start.data)
    return (
      <>
        {start.isError && <ErrorNotice error={start.error} />}
        <button type="button" className="btn btn-primary" data-testid="totp-start" onClick={() => start.mutate()}>
          {t('totp.start')}
        </button>
      </>
    );
  const submit = form.handleSubmit(({ code }) => {
    // mutateAsync: the codes arrive after the status refetch has already replaced this form.
    if (!confirm.isPending)
      confirm.mutateAsync(code).then(
        (answer) => onCodes(answer.recovery_codes),
        () => undefined,
      );
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="security-enrol">
      <p>{t('totp.scan')}</p>
      <img src={start.data.qr_code} alt={t('totp.qrAlt')} width={200} height={200} data-testid="totp-qr" />
      <CopyField value={start.data.secret} label={t('totp.secretLabel')} testId="totp-secret" />
      <Field
        label={t('totp.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        data-testid="totp-code"
        error={errorText(form.formState.errors.code)}
        {...form.register('code')}
      />
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
  const errorText = useErrorText();
  const form = useForm<TotpCodeForm>({ resolver: zodResolver(TotpCodeForm), defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) => {
    if (!regenerate.isPending)
      regenerate.mutateAsync(code).then(
        (answer) => {
          form.reset({ code: '' });
          onCodes(answer.recovery_codes);
        },
        () => undefined,
      );
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <h4>{t('totp.regenerate')}</h4>
      <p className="muted small">{t('totp.regenerateHelp')}</p>
      <Field
        label={t('totp.code')}
        autoComplete="one-time-code"
        maxLength={32}
        error={errorText(form.formState.errors.code)}
        {...form.register('code')}
      />
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
  const errorText = useErrorText();
  const form = useForm<DisableTotpForm, unknown, DisableTotpProof>({
    resolver: zodResolver(DisableTotpForm),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((proof) => {
    if (!disable.isPending) disable.mutate(proof);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <h4>{t('totp.disableHeading')}</h4>
      <p className="muted small">{t('totp.disableHelp')}</p>
      <Field
        label={t('totp.password')}
        type="password"
        autoComplete="current-password"
        error={errorText(errors.password)}
        {...form.register('password')}
      />
      <Field
        label={t('totp.orCode')}
        autoComplete="one-time-code"
        maxLength={32}
        error={errorText(errors.code)}
        {...form.register('code')}
      />
      {disable.isError && <ErrorNotice error={disable.error} />}
      <button type="submit" className="btn">
        {t('totp.disable')}
      </button>
    </form>
  );
}

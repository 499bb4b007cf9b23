import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FirewallRules, type DiagStep } from '../../components/Diagnostics';
import { ErrorNotice } from '../../components/ErrorNotice';
import { canWrite, reloadAccount, useAccount } from '../../lib/account';
import { ApiFailure } from '../../lib/api';
import { num } from '../../lib/format';
import { keys, queryClient } from '../../lib/query';
import { registerServer } from './api';
import { CheckSection } from './CheckSection';
import { PlanFullNotice, planFull, PlanLimitError } from './plan';
import { ServerFields } from './ServerFields';
import {
  createBody,
  EMPTY_SERVER_FORM,
  ServerForm,
  serverFieldErrors,
  type ServerField,
  type ServerFormData,
  type ServerFormValues,
} from '../../lib/server-form';
import { failedPhase, stageOf, WIZARD_STAGES, type Phase } from './wizard';
import './servers.css';

/** How long the "every step passed" message stays before the new server's page opens. */
const DONE_PAUSE_MS = 1500;

/** The wizard's progress: details, connection check, done; the current step is marked for screen readers too. */
function Progress(props: { stage: (typeof WIZARD_STAGES)[number] }) {
  const { t } = useTranslation('servers');
  const at = WIZARD_STAGES.indexOf(props.stage);
  return (
    <ol className="wizard-progress" aria-label={t('wizard.progress')}>
      {WIZARD_STAGES.map((s, i) => (
        <li
          key={s}
          className={i < at ? 'wizard-past' : i === at ? 'wizard-current' : undefined}
          aria-current={i === at ? 'step' : undefined}
        >
          <span className="wizard-num" aria-hidden="true">
            {num(i + 1, 0)}
          </span>
          {t(`wizard.stages.${s}`)}
        </li>
      ))}
    </ol>
  );
}

/** The add-server wizard: the details form, then the provisioning probe's steps with remedies for any failure. */
export function AddServer() {
  const { t } = useTranslation('servers');
  const account = useAccount();
  const navigate = useNavigate();
  const form = useForm<ServerFormValues, unknown, ServerFormData>({
    resolver: zodResolver(ServerForm),
    defaultValues: EMPTY_SERVER_FORM,
    mode: 'onTouched',
  });
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const live = useRef<DiagStep[]>([]);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const checkHeading = useRef<HTMLHeadingElement>(null);
  const doneNotice = useRef<HTMLDivElement>(null);
  const errorBox = useRef<HTMLDivElement>(null);

  const registration = useMutation({
    mutationFn: (data: ServerFormData) =>
      registerServer(createBody(data), (step) => {
        live.current = [...live.current, step];
        setPhase({ kind: 'running', steps: live.current });
      }),
    onMutate: () => {
      live.current = [];
      setPhase({ kind: 'running', steps: [] });
    },
    onSuccess: (created) => {
      setPhase({ kind: 'done', id: created.id, steps: created.diagnostics?.steps ?? live.current });
      void queryClient.invalidateQueries({ queryKey: keys.servers });
      void reloadAccount();
    },
    onError: (error) => {
      const failed = failedPhase(error, live.current);
      setPhase(failed);
      const fields = Object.entries(serverFieldErrors(error)) as [ServerField, string][];
      fields.forEach(([field, problem], i) =>
        form.setError(field, { type: 'server', message: problem }, { shouldFocus: i === 0 }),
      );
      if (fields.length === 0 && stageOf(failed) === 'details') requestAnimationFrame(() => errorBox.current?.focus());
    },
  });

  // Focus follows the wizard: to the check's heading when it starts, to the outcome when every step passed.
  const stage = stageOf(phase);
  const shownStage = useRef(stage);
  useEffect(() => {
    if (shownStage.current === stage) return;
    shownStage.current = stage;
    if (stage === 'check') checkHeading.current?.focus();
    else if (stage === 'done') doneNotice.current?.focus();
    else detailsHeading.current?.focus();
  }, [stage]);

  const doneId = phase.kind === 'done' ? phase.id : null;
  useEffect(() => {
    if (!doneId) return;
    const timer = setTimeout(() => void navigate({ to: '/servers/$id', params: { id: doneId } }), DONE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [doneId, navigate]);

  if (account.me && !canWrite(account))
    return (
      <div className="page">
        <h1>{t('wizard.title')}</h1>
        <div className="notice notice-info">
          {t('wizard.viewer')} <Link to="/servers">{t('wizard.backToServers')}</Link>
        </div>
      </div>
    );

  const busy = phase.kind === 'running' || phase.kind === 'done';
  const values = form.watch(['port', 'addon_http_port', 'addon_ws_port']);
  const ports = {
    game: Number(values[0]) || 7777,
    addonHttp: Number(values[1]) || 8080,
    addonWs: Number(values[2]) || 8081,
  };
  const error = phase.kind === 'failed' && !phase.failure ? phase.error : null;
  const fix = (field: ServerField) => form.setFocus(field, { shouldSelect: true });

  return (
    <div className="page page-narrow">
      <p className="crumbs">
        <Link to="/servers">{t('list.title')}</Link> <span aria-hidden="true">›</span> {t('wizard.title')}
      </p>
      <h1>{t('wizard.title')}</h1>
      <Progress stage={stage} />
      {account.subscription && planFull(account.subscription, account.subscription.usage.servers) && (
        <PlanFullNotice subscription={account.subscription} />
      )}
      <details className="prereq">
        <summary>{t('prereq.summary')}</summary>
        <ul>
          <li>{t('prereq.server')}</li>
          <li>{t('prereq.password')}</li>
          <li>{t('prereq.addon')}</li>
        </ul>
        <FirewallRules />
      </details>

      <form
        className="card form-grid"
        onSubmit={form.handleSubmit((data) => !busy && registration.mutate(data))}
        noValidate
        aria-labelledby="details-title"
        aria-describedby="add-help"
      >
        <h2 id="details-title" className="span-2 wizard-focus" ref={detailsHeading} tabIndex={-1}>
          {t('wizard.stages.details')}
        </h2>
        <p id="add-help" className="muted small span-2">
          {t('wizard.help')}
        </p>
        <ServerFields form={form} />
        <div className="form-actions span-2">
          <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
            {phase.kind === 'running' ? t('wizard.submitting') : t('wizard.submit')}
          </button>
          <Link to="/servers" className="btn btn-ghost">
            {t('wizard.cancel')}
          </Link>
        </div>
      </form>

      <div ref={errorBox} tabIndex={-1} className="wizard-focus">
        {phase.kind !== 'form' && stage !== 'details' && (
          <CheckSection phase={phase} ports={ports} headingRef={checkHeading} doneRef={doneNotice} onFix={fix} />
        )}
        {error instanceof ApiFailure && error.code === 'PlanLimitReached' ? (
          <PlanLimitError error={error} subscription={account.subscription} />
        ) : (
          error !== null && <ErrorNotice error={error} title={t('check.notAdded')} />
        )}
      </div>
    </div>
  );
}

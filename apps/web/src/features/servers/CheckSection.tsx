import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { DiagnosticSteps } from '../../components/Diagnostics';
import type { ServerField } from '../../lib/server-form';
import { fieldToFix, type Phase } from './wizard';

/**
 * The wizard's second and third steps: the provisioning probe's steps as they finish, what to fix when one
 * fails (with a button back to the field to correct), and the registered server.
 */
export function CheckSection(props: {
  phase: Exclude<Phase, { kind: 'form' }>;
  ports: { game: number; addonHttp: number; addonWs: number };
  headingRef: Ref<HTMLHeadingElement>;
  doneRef: Ref<HTMLDivElement>;
  onFix: (field: ServerField) => void;
}) {
  const { t } = useTranslation('servers');
  const { phase } = props;
  const failure = phase.kind === 'failed' ? phase.failure : null;
  return (
    <section className="card" aria-labelledby="check-title">
      <h2 id="check-title" className="wizard-focus" ref={props.headingRef} tabIndex={-1}>
        {t('check.title')}
      </h2>
      {failure && (
        <div className="notice notice-error" role="alert">
          <p>{t('check.failed', { code: failure.code })}</p>
          <button type="button" className="btn btn-small" onClick={() => props.onFix(fieldToFix(failure.step))}>
            {t(`check.fix.${fieldToFix(failure.step)}`)}
          </button>
        </div>
      )}
      <DiagnosticSteps
        steps={phase.steps}
        running={phase.kind === 'running'}
        port={props.ports.game}
        addonHttpPort={props.ports.addonHttp}
        addonWsPort={props.ports.addonWs}
        failure={failure}
      />
      {phase.kind === 'done' && (
        <div className="notice notice-ok wizard-focus" role="status" ref={props.doneRef} tabIndex={-1}>
          {t('check.done')}{' '}
          <Link to="/servers/$id" params={{ id: phase.id }}>
            {t('check.open')}
          </Link>
        </div>
      )}
    </section>
  );
}

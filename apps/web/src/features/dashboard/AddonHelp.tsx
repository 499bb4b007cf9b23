import { Trans, useTranslation } from 'react-i18next';
import { FirewallRules } from '../../components/Diagnostics';

/** How to get the add-on's panels working (the target of every "How to fix it" link). */
export function AddonHelp(props: {
  open: boolean;
  reason: string | null;
  addonHttpPort?: number;
  addonWsPort?: number;
}) {
  const { t } = useTranslation('dashboard');
  const http = props.addonHttpPort ?? 8080;
  return (
    <section className="panel panel-wide" id="addon-help" aria-labelledby="addon-help-title">
      <details open={props.open}>
        <summary>
          <h2 id="addon-help-title">{t('addonHelp.title')}</h2>
        </summary>
        {props.reason && <p className="poll-error">{t('addonHelp.problem', { reason: props.reason })}</p>}
        <p>{t('addonHelp.intro')}</p>
        <ol className="steps">
          <li>{t('addonHelp.install')}</li>
          <li>{t('addonHelp.ports', { http, ws: props.addonWsPort ?? 8081 })}</li>
          <li>{t('addonHelp.restart')}</li>
          <li>
            <Trans
              t={t}
              i18nKey="addonHelp.check"
              components={{ url: <code>{`http://<host>:${http}/getPower`}</code> }}
            />
          </li>
        </ol>
        <p className="muted small">{t('addonHelp.recheck')}</p>
        <FirewallRules addonHttpPort={props.addonHttpPort} addonWsPort={props.addonWsPort} />
      </details>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Loadable, Time } from '../../components/ui';
import { num } from '../../lib/format';
import { useNow } from '../../lib/hooks';
import { incidentDuration, SeverityPill } from './common';
import { DeliveryTable } from './DeliveryTable';
import { AckPanel, NotesPanel } from './IncidentAck';
import type { Incident } from './model';
import { incidentQuery } from './queries';

/** Open (red) or resolved (green), and whether its notifications were muted. */
export function IncidentStatePill({
  incident,
}: {
  incident: Pick<Incident, 'state' | 'silenced' | 'acknowledged_at'>;
}) {
  const { t } = useTranslation('alerts');
  return (
    <>
      <span className={`pill ${incident.state === 'open' ? 'pill-bad' : 'pill-ok'}`}>
        {t(`incidentState.${incident.state}`)}
      </span>
      {incident.silenced && <span className="pill">{t('incidents.silenced')}</span>}
      {incident.acknowledged_at && <span className="pill">{t('ack.pill')}</span>}
    </>
  );
}

/** One incident with the notifications sent about it. */
export function IncidentView({ id, writer }: { id: string; writer: boolean }) {
  const { t } = useTranslation('alerts');
  const incident = useQuery(incidentQuery(id));
  const now = useNow();
  return (
    <div data-testid="incident-details">
      <Loadable state={incident} what={t('incidents.what')}>
        {(i) => (
          <>
            <p className="alerts-incident-head">
              <SeverityPill severity={i.severity} /> <strong>{i.title}</strong> <IncidentStatePill incident={i} />
            </p>
            <p>{i.summary}</p>
            <dl className="alerts-dl">
              <div>
                <dt>{t('incidents.server')}</dt>
                <dd>
                  <Link to="/servers/$id" params={{ id: i.server_id }}>
                    {i.server_name}
                  </Link>
                  {i.instance && ` · ${i.instance}`}
                </dd>
              </div>
              <div>
                <dt>{t('incidents.rule')}</dt>
                <dd>
                  {i.rule_id ? (
                    <Link to="/servers/$id/alerts" params={{ id: i.server_id }}>
                      {i.rule_name}
                    </Link>
                  ) : (
                    i.rule_name
                  )}{' '}
                  ({i.rule_kind})
                </dd>
              </div>
              <div>
                <dt>{t('incidents.started')}</dt>
                <dd>
                  <Time iso={i.started_at} />
                </dd>
              </div>
              <div>
                <dt>{t('incidents.notified')}</dt>
                <dd>
                  <Time iso={i.fired_at} none={t('incidents.notNotified')} />
                </dd>
              </div>
              <div>
                <dt>{t('incidents.resolved')}</dt>
                <dd>
                  <Time iso={i.resolved_at} none={t('incidents.stillOpen')} />
                </dd>
              </div>
              <div>
                <dt>{t('incidents.duration')}</dt>
                <dd>{incidentDuration(i.started_at, i.duration_seconds, now)}</dd>
              </div>
              {i.peak && (
                <div>
                  <dt>{t('incidents.peak')}</dt>
                  <dd>
                    {num(i.peak.value, 2)} ({i.peak.label}) {t('incidents.at')} <Time iso={i.peak.at} />
                  </dd>
                </div>
              )}
            </dl>
            <AckPanel incident={i} writer={writer} />
            <NotesPanel incident={i} writer={writer} />
            <h3>{t('incidents.notifications')}</h3>
            {i.deliveries.length === 0 ? (
              <p className="muted">{i.silenced ? t('incidents.noneSilenced') : t('incidents.noneSent')}</p>
            ) : (
              <DeliveryTable items={i.deliveries} label={t('incidents.notificationsLabel')} showSummary={false} />
            )}
          </>
        )}
      </Loadable>
    </div>
  );
}

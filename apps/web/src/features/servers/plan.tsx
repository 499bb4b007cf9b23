import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { Subscription } from '../../lib/account';
import type { ApiFailure } from '../../lib/api';

/** "5 of 15 servers · Pro plan": how much of the plan the organisation uses. */
export function PlanUsage(props: { used: number; subscription: Subscription }) {
  const { t } = useTranslation('servers');
  const limit = props.subscription.limits.servers;
  const full = limit !== null && props.used >= limit;
  return (
    <span className={`usage${full ? ' usage-full' : ''}`} data-testid="plan-usage">
      {limit === null
        ? t('usage.unlimited', { count: props.used })
        : t('usage.limited', { used: props.used, count: limit })}
      <span className="muted"> · {t('usage.plan', { plan: props.subscription.plan.name })}</span>
    </span>
  );
}

/** The plan has no room for another server: say so, with the way to more. */
export function PlanFullNotice(props: { subscription: Subscription }) {
  const { t } = useTranslation('servers');
  return (
    <div className="notice notice-info" data-testid="plan-full">
      <Trans
        t={t}
        i18nKey="limit.full"
        values={{ plan: props.subscription.plan.name }}
        count={props.subscription.limits.servers ?? 0}
        components={{ plans: <Link to="/settings/$tab" params={{ tab: 'plan' }} /> }}
      />
    </div>
  );
}

/** Whether the plan allows no further server. */
export const planFull = (sub: Subscription | null, used: number) =>
  sub !== null && sub.limits.servers !== null && used >= sub.limits.servers;

/**
 * The plan refused one more server (403 PlanLimitReached, before the probe ran): its limit in the reader's
 * language and the ways on, to the plans and to the servers.
 */
export function PlanLimitError(props: { error: ApiFailure; subscription: Subscription | null }) {
  const { t } = useTranslation('servers');
  const d = props.error.details ?? {};
  const id = typeof d.plan === 'string' ? d.plan : '';
  const plan = props.subscription?.plan.id === id ? props.subscription.plan.name : id;
  const limit = typeof d.limit === 'number' ? d.limit : (props.subscription?.limits.servers ?? 0);
  return (
    <div className="notice notice-error" role="alert" data-testid="plan-limit">
      <p className="notice-title">{t('limit.reached', { plan, count: limit })}</p>
      <p className="remedy" data-testid="remedy">
        {t('limit.remedy')}
      </p>
      <p>
        <Link to="/settings/$tab" params={{ tab: 'plan' }}>
          {t('limit.comparePlans')}
        </Link>{' '}
        · <Link to="/servers">{t('limit.toServers')}</Link>
      </p>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loadable, Notice, RoleNote, Table, Time } from '../../components/ui';
import { formatSpan, percent } from '../../lib/format';
import { useSettings, type Plan, type Subscription, type Usage } from './model';
import { PlanChange } from './PlanChange';
import { usePlanWords } from './planWords';
import { yearlySaving } from './plans';
import { usePlans, useSubscription, useUsage } from './queries';

/** The plan table, the organisation's plan and today's use; admins change the plan (no payment is taken). */
export function PlanTab() {
  const { t } = useTranslation('settings');
  const { role } = useSettings();
  const plans = usePlans();
  const sub = useSubscription();
  const usage = useUsage();
  const [notice, setNotice] = useState('');
  const words = usePlanWords();

  return (
    <>
      <h3>{t('plan.currentHeading')}</h3>
      <Notice text={notice} />
      <Loadable state={sub} what={t('plan.what')}>
        {(s) => <Current sub={s} />}
      </Loadable>
      <h3>{t('plan.usageHeading')}</h3>
      <Loadable state={usage} what={t('plan.usageWhat')}>
        {(u) => <UsageView usage={u} />}
      </Loadable>
      <h3>{t('plan.plansHeading')}</h3>
      <p className="muted small">{t('plan.vat')}</p>
      <Loadable state={plans} what={t('plan.plansWhat')}>
        {(list) => (
          <>
            <PlanTable list={list} current={sub.data?.plan.id ?? null} />
            {role === 'admin' && sub.data ? (
              <PlanChange
                plans={list}
                sub={sub.data}
                onChanged={(next) =>
                  setNotice(t('plan.changed', { name: next.plan.name, period: words.period(next.period) }))
                }
              />
            ) : (
              role !== 'admin' && <RoleNote>{t('plan.adminOnly')}</RoleNote>
            )}
          </>
        )}
      </Loadable>
    </>
  );
}

function PlanTable({ list, current }: { list: Plan[]; current: string | null }) {
  const { t } = useTranslation('settings');
  const words = usePlanWords();
  const head = [
    t('plan.col.plan'),
    t('plan.col.price'),
    t('plan.col.servers'),
    t('plan.col.retention'),
    t('plan.col.polling'),
    t('plan.col.alerts'),
    t('plan.col.api'),
    t('plan.col.shares'),
    t('plan.col.roles'),
  ];
  const yesNo = (b: boolean) => (b ? t('yes') : t('no'));
  return (
    <Table label={t('plan.plansHeading')} head={head}>
      {list.map((p) => {
        const isCurrent = current === p.id;
        const saving = yearlySaving(p);
        return (
          <tr key={p.id} data-testid="plan-row" data-plan-id={p.id} className={isCurrent ? 'settings-current' : ''}>
            <th scope="row" data-label={head[0]}>
              {p.name}
              {isCurrent && <span className="pill">{t('plan.current')}</span>}
            </th>
            <td data-label={head[1]} className="settings-nowrap">
              {words.price(p, 'monthly')}
              {p.price.yearly !== null && p.price.yearly > 0 && (
                <div className="muted small">
                  {words.price(p, 'yearly')}
                  {saving !== null && ` · ${t('plan.saving', { value: percent(saving) })}`}
                </div>
              )}
            </td>
            <td data-label={head[2]}>{words.servers(p.servers)}</td>
            <td data-label={head[3]}>{words.retention(p.retention_hours)}</td>
            <td data-label={head[4]}>
              <Intervals seconds={p.polling_intervals_seconds} />
            </td>
            <td data-label={head[5]}>
              {p.multi_channel_alerts ? t('plan.alertsMany') : p.discord_alerts ? t('plan.alertsDiscord') : t('no')}
            </td>
            <td data-label={head[6]}>
              {!p.api_access
                ? t('no')
                : p.api_daily_quota === null
                  ? t('plan.customQuota')
                  : words.requests(p.api_daily_quota)}
            </td>
            <td data-label={head[7]}>{yesNo(p.share_links)}</td>
            <td data-label={head[8]}>
              {yesNo(p.roles)}
              {p.sla && <div className="muted small">{t('plan.sla', { sla: p.sla })}</div>}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

function Intervals({ seconds }: { seconds: Record<string, number> }) {
  const { t } = useTranslation('settings');
  const health = seconds.health;
  return (
    <details>
      <summary>{health === undefined ? t('plan.intervals') : t('plan.every', { span: formatSpan(health) })}</summary>
      <dl className="settings-dl">
        {Object.entries(seconds).map(([kind, s]) => (
          <div key={kind}>
            <dt>{t(`plan.kinds.${kind}`, { defaultValue: kind.replaceAll('_', ' ') })}</dt>
            <dd>{formatSpan(s)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Current({ sub }: { sub: Subscription }) {
  const { t } = useTranslation('settings');
  const words = usePlanWords();
  const quota = sub.limits.api_daily_quota;
  return (
    <dl className="settings-dl settings-summary" data-testid="current-plan" data-plan-id={sub.plan.id}>
      <div>
        <dt>{t('plan.col.plan')}</dt>
        <dd>
          {t('plan.billed', { name: sub.plan.name, period: words.period(sub.period) })}
          {sub.started_at && (
            <>
              {' '}
              {t('plan.since')} <Time iso={sub.started_at} />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('plan.col.servers')}</dt>
        <dd>{t('plan.ofLimit', { used: words.count(sub.usage.servers), limit: words.limit(sub.limits.servers) })}</dd>
      </div>
      <div>
        <dt>{t('plan.col.retention')}</dt>
        <dd>{words.retention(sub.limits.retention_hours)}</dd>
      </div>
      <div>
        <dt>{t('plan.col.api')}</dt>
        <dd>
          {quota === 0 ? t('plan.apiNotIncluded') : quota === null ? t('plan.customQuota') : words.requests(quota)}
        </dd>
      </div>
    </dl>
  );
}

function UsageView({ usage: { api_requests: r, servers: s } }: { usage: Usage }) {
  const { t } = useTranslation('settings');
  const words = usePlanWords();
  return (
    <dl className="settings-dl settings-summary">
      <div>
        <dt>{t('plan.apiRequests')}</dt>
        <dd data-testid="usage-api">
          {r.limit === 0 ? (
            t('plan.apiNotInPlan')
          ) : (
            <>
              {t('plan.ofLimit', {
                used: words.count(r.used),
                limit: r.limit === null ? t('plan.aCustomQuota') : words.count(r.limit),
              })}
              {r.limit !== null && <meter min={0} max={r.limit} value={r.used} aria-label={t('plan.apiUsed')} />}
              <div className="muted small">
                {t('plan.resets')} <Time iso={r.reset_at} /> {t('plan.midnightUtc')}
              </div>
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('plan.col.servers')}</dt>
        <dd data-testid="usage-servers" data-used={s.used} data-limit={s.limit ?? ''}>
          {t('plan.ofLimit', { used: words.count(s.used), limit: words.limit(s.limit) })}
          {s.limit !== null && <meter min={0} max={s.limit} value={s.used} aria-label={t('plan.serversUsed')} />}
        </dd>
      </div>
    </dl>
  );
}

// i18n: pending (texts not yet in src/locales; the i18n unit test skips this file until they are)
import { useState } from 'react';
import { api } from '../../lib/api';
import { useSettings, type Period, type Plan, type Subscription, type Usage } from './model';
import { ConfirmButton, Loadable, Notice, RoleNote, Table, Time } from '../../components/ui';
import { useApi, type Loaded } from '../../lib/useApi';

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat(undefined, {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
const count = (n: number) => n.toLocaleString();
const isCustom = (p: Plan) => p.id === 'enterprise' || p.price.monthly === null;

function price(p: Plan, period: Period): string {
  const amount = p.price[period];
  if (amount === null) return 'Custom';
  if (amount === 0) return 'Free';
  return `${money(amount, p.price.currency)} / ${period === 'monthly' ? 'month' : 'year'}`;
}
function retention(hours: number | null): string {
  if (hours === null) return 'Arranged per organisation';
  return hours < 48 ? `${hours} hours` : `${Math.round(hours / 24)} days`;
}
const servers = (n: number | null) => (n === null ? 'Unlimited' : count(n));
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

/** The plan table, the organisation's plan and today's use; admins change the plan (no payment is taken). */
export function PlanTab() {
  const { role, reloadMe } = useSettings();
  const plans = useApi<Plan[]>('/api/v1/plans');
  const sub = useApi<Subscription>('/api/v1/billing/subscription');
  const usage = useApi<Usage>('/api/v1/billing/usage');
  const [chosen, setChosen] = useState<Period | null>(null);
  const [notice, setNotice] = useState('');
  const period = chosen ?? sub.data?.period ?? 'monthly';

  const change = async (p: Plan) => {
    const next = await api<Subscription>('PUT', '/api/v1/billing/subscription', { plan: p.id, period });
    sub.update(() => next);
    usage.reload();
    reloadMe();
    setNotice(`The organisation is now on the ${next.plan.name} plan (${next.period}).`);
  };

  return (
    <>
      <h3>Current plan</h3>
      <Notice text={notice} />
      <Loadable state={sub} what="your plan">
        {(s) => <Current sub={s} />}
      </Loadable>
      <h3>Use today</h3>
      <UsageView usage={usage} />
      <h3>Plans</h3>
      <fieldset className="settings-checks">
        <legend>Prices</legend>
        {(['monthly', 'yearly'] as const).map((p) => (
          <label key={p}>
            <input type="radio" name="period" checked={period === p} onChange={() => setChosen(p)} />{' '}
            {p === 'monthly' ? 'Monthly' : 'Yearly'}
          </label>
        ))}
      </fieldset>
      <p className="muted small">Prices exclude VAT. Changing the plan takes no payment.</p>
      <Loadable state={plans} what="the plans">
        {(list) => (
          <Table
            label="Plans"
            head={[
              'Plan',
              'Price',
              'Servers',
              'Data kept',
              'Polling',
              'Alerts',
              'REST API',
              'Share links',
              'Team roles',
              '',
            ]}
          >
            {list.map((p) => {
              const current = sub.data?.plan.id === p.id;
              return (
                <tr key={p.id} data-testid="plan-row" data-plan-id={p.id} className={current ? 'settings-current' : ''}>
                  <th scope="row" data-label="Plan">
                    {p.name}
                    {current && <span className="pill">Current</span>}
                  </th>
                  <td data-label="Price" className="settings-nowrap">
                    {price(p, period)}
                  </td>
                  <td data-label="Servers">{servers(p.servers)}</td>
                  <td data-label="Data kept">{retention(p.retention_hours)}</td>
                  <td data-label="Polling">
                    <Intervals seconds={p.polling_intervals_seconds} />
                  </td>
                  <td data-label="Alerts">
                    {p.multi_channel_alerts ? 'Discord and more channels' : p.discord_alerts ? 'Discord' : 'No'}
                  </td>
                  <td data-label="REST API">
                    {!p.api_access
                      ? 'No'
                      : p.api_daily_quota === null
                        ? 'Custom quota'
                        : `${count(p.api_daily_quota)} requests / day`}
                  </td>
                  <td data-label="Share links">{yesNo(p.share_links)}</td>
                  <td data-label="Team roles">
                    {yesNo(p.roles)}
                    {p.sla && <div className="muted small">SLA {p.sla}</div>}
                  </td>
                  <td data-label="">
                    <PlanAction plan={p} sub={sub.data} period={period} admin={role === 'admin'} change={change} />
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </Loadable>
      {role !== 'admin' && <RoleNote>Only admins change the plan.</RoleNote>}
    </>
  );
}

function PlanAction(p: {
  plan: Plan;
  sub: Subscription | undefined;
  period: Period;
  admin: boolean;
  change: (plan: Plan) => Promise<void>;
}) {
  if (isCustom(p.plan)) return <span>Custom limits: contact us.</span>;
  if (!p.admin || !p.sub) return null;
  const same = p.sub.plan.id === p.plan.id;
  if (same && p.sub.period === p.period) return null;
  return (
    <ConfirmButton
      danger={false}
      target={same ? undefined : `the ${p.plan.name} plan`}
      question={`Change to ${p.plan.name}, billed ${p.period}?`}
      detail={
        <p>
          {price(p.plan, p.period)}, up to {servers(p.plan.servers).toLowerCase()} server(s), data kept{' '}
          {retention(p.plan.retention_hours)}. No payment is taken.
        </p>
      }
      confirm={`Change to ${p.plan.name}`}
      action={() => p.change(p.plan)}
    >
      {same ? `Switch to ${p.period} billing` : 'Choose'}
    </ConfirmButton>
  );
}

function Intervals({ seconds }: { seconds: Record<string, number> }) {
  const entries = Object.entries(seconds);
  const health = seconds.health;
  return (
    <details>
      <summary>{health === undefined ? 'Intervals' : `Every ${health} s`}</summary>
      <dl className="settings-dl">
        {entries.map(([k, v]) => (
          <div key={k}>
            <dt>{k.replaceAll('_', ' ')}</dt>
            <dd>{v} s</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function Current({ sub }: { sub: Subscription }) {
  return (
    <dl className="settings-dl settings-summary">
      <div>
        <dt>Plan</dt>
        <dd>
          {sub.plan.name}, billed {sub.period}
          {sub.started_at && (
            <>
              {' '}
              since <Time iso={sub.started_at} />
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>Servers</dt>
        <dd>
          {count(sub.usage.servers)} of {servers(sub.limits.servers).toLowerCase()}
        </dd>
      </div>
      <div>
        <dt>Data kept</dt>
        <dd>{retention(sub.limits.retention_hours)}</dd>
      </div>
      <div>
        <dt>REST API</dt>
        <dd>
          {sub.limits.api_daily_quota === 0
            ? 'Not in this plan'
            : sub.limits.api_daily_quota === null
              ? 'Custom quota'
              : `${count(sub.limits.api_daily_quota)} requests / day`}
        </dd>
      </div>
    </dl>
  );
}

function UsageView({ usage }: { usage: Loaded<Usage> }) {
  return (
    <Loadable state={usage} what="today's use">
      {({ api_requests: r, servers: s }) => (
        <dl className="settings-dl settings-summary">
          <div>
            <dt>API requests</dt>
            <dd>
              {r.limit === 0 ? (
                'The REST API is not part of this plan.'
              ) : (
                <>
                  {count(r.used)} of {r.limit === null ? 'a custom quota' : count(r.limit)}
                  {r.limit !== null && <meter min={0} max={r.limit} value={r.used} aria-label="API requests used" />}
                  <div className="muted small">
                    Resets <Time iso={r.reset_at} /> (midnight UTC)
                  </div>
                </>
              )}
            </dd>
          </div>
          <div>
            <dt>Servers</dt>
            <dd>
              {count(s.used)} of {servers(s.limit).toLowerCase()}
              {s.limit !== null && <meter min={0} max={s.limit} value={s.used} aria-label="Servers used" />}
            </dd>
          </div>
        </dl>
      )}
    </Loadable>
  );
}

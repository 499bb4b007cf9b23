import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../components/ui';
import { FieldGroup, FormField, useSubmit } from './forms';
import { PERIODS, type Plan, type Subscription } from './model';
import { usePlanWords } from './planWords';
import { isCustom } from './plans';
import { useChangePlan } from './queries';
import { planBody, planForm, SELF_SERVICE_PLANS, type PlanForm } from './schemas';

const selfService = (id: string): id is PlanForm['plan'] => (SELF_SERVICE_PLANS as readonly string[]).includes(id);

/**
 * Admins pick another plan or billing period. The summary under the fields says what the choice gives before it is
 * sent; no payment is taken. A refusal (e.g. more servers than the new plan allows) shows with its remedy.
 */
export function PlanChange(p: { plans: Plan[]; sub: Subscription; onChanged: (next: Subscription) => void }) {
  const { t } = useTranslation('settings');
  const words = usePlanWords();
  const change = useChangePlan();
  const choosable = p.plans.filter((plan) => !isCustom(plan) && selfService(plan.id));
  const schema = useMemo(() => planForm({ plan: p.sub.plan.id, period: p.sub.period }), [p.sub]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PlanForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      plan: selfService(p.sub.plan.id) ? p.sub.plan.id : (choosable[0]?.id as PlanForm['plan']),
      period: p.sub.period === 'yearly' ? 'yearly' : 'monthly',
    },
  });
  const { failure, run } = useSubmit(setError, { plan: 'plan', period: 'period' });
  const chosen = p.plans.find((plan) => plan.id === watch('plan'));
  const period = watch('period');

  const submit = handleSubmit((v) =>
    run(async () => {
      p.onChanged(await change.mutateAsync(planBody(v)));
    }),
  );

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => void submit(e)}
      aria-labelledby="plan-change-heading"
      noValidate
    >
      <h3 id="plan-change-heading">{t('plan.changeHeading')}</h3>
      <div className="settings-fields">
        <FormField label={t('plan.newPlan')} error={errors.plan}>
          {(a11y) => (
            <select {...a11y} {...register('plan')}>
              {choosable.map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FieldGroup legend={t('plan.billing')} error={errors.period}>
          {PERIODS.map((value) => (
            <label key={value}>
              <input type="radio" value={value} {...register('period')} /> {t(`plan.periodLabel.${value}`)}
            </label>
          ))}
        </FieldGroup>
      </div>
      {chosen && (
        <p data-testid="plan-change-summary">
          {t('plan.summary', {
            price: words.price(chosen, period),
            servers: words.limit(chosen.servers),
            retention: words.retention(chosen.retention_hours),
          })}{' '}
          {t('plan.noPayment')}
        </p>
      )}
      <p className="muted small">{t('plan.enterprise')}</p>
      {failure && <ErrorNote error={failure} />}
      <button type="submit" className="btn btn-primary" aria-disabled={isSubmitting}>
        {isSubmitting ? t('plan.changing') : t('plan.change')}
      </button>
    </form>
  );
}

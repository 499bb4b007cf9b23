import { useTranslation } from 'react-i18next';
import { num } from '../../lib/format';
import type { Period, Plan } from './model';
import { money, priceOf, retentionOf } from './plans';

/** The plan facts in words, in the reader's language: shared by the plan table, the summary and the change form. */
export function usePlanWords() {
  const { t } = useTranslation('settings');
  const count = (n: number) => num(n, 0);
  return {
    price(p: Pick<Plan, 'price'>, period: Period): string {
      const price = priceOf(p, period);
      if (price.kind === 'custom') return t('plan.custom');
      if (price.kind === 'free') return t('plan.free');
      const amount = money(price.amount, price.currency);
      return period === 'monthly' ? t('plan.perMonth', { amount }) : t('plan.perYear', { amount });
    },
    retention(hours: number | null): string {
      const r = retentionOf(hours);
      if (!r) return t('plan.retentionArranged');
      return t(`plan.${r.unit}`, { count: r.value, value: count(r.value) });
    },
    servers: (n: number | null) => (n === null ? t('plan.unlimited') : count(n)),
    /** A limit inside a sentence ("3 of unlimited"). */
    limit: (n: number | null) => (n === null ? t('plan.unlimitedInline') : count(n)),
    requests: (quota: number) => t('plan.requestsPerDay', { value: count(quota) }),
    period: (period: string) => (period === 'yearly' ? t('plan.yearly') : t('plan.monthly')),
    count,
  };
}

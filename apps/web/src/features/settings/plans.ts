import { currentLanguage } from '../../lib/i18n';
import type { Period, Plan } from './model';

/** The plan table's arithmetic: prices per period, what a year saves, how long data is kept. Pure, for tests. */

export type Price = { kind: 'custom' } | { kind: 'free' } | { kind: 'amount'; amount: number; currency: string };

/** Enterprise (or any plan without a list price) is arranged per organisation, not chosen on this page. */
export const isCustom = (p: Pick<Plan, 'id' | 'price'>): boolean => p.id === 'enterprise' || p.price.monthly === null;

export function priceOf(p: Pick<Plan, 'price'>, period: Period): Price {
  const amount = p.price[period];
  if (amount === null) return { kind: 'custom' };
  if (amount === 0) return { kind: 'free' };
  return { kind: 'amount', amount, currency: p.price.currency };
}

/**
 * What paying by the year saves against twelve monthly payments, in whole percent (rounded down, so the page never
 * promises more than it gives); null where there is nothing to compare or nothing saved.
 */
export function yearlySaving(p: Pick<Plan, 'price'>): number | null {
  const { monthly, yearly } = p.price;
  if (!monthly || yearly === null) return null;
  const saved = Math.floor((1 - yearly / (monthly * 12)) * 100 + 1e-9);
  return saved > 0 ? saved : null;
}

/** A yearly price as a month's share of it (two decimals), to compare with the monthly price. */
export function perMonth(p: Pick<Plan, 'price'>, period: Period): number | null {
  const amount = p.price[period];
  if (amount === null) return null;
  return period === 'monthly' ? amount : Math.round((amount / 12) * 100) / 100;
}

/** How long data is kept, as the page says it: hours below two days, whole days from there; null = arranged. */
export function retentionOf(hours: number | null): { unit: 'hours' | 'days'; value: number } | null {
  if (hours === null) return null;
  return hours < 48 ? { unit: 'hours', value: hours } : { unit: 'days', value: Math.round(hours / 24) };
}

/**
 * An amount of money in the reader's language ("€49", "49 €"), cents only where there are any. `lib/format.ts` has
 * no currency formatter yet; this one is Intl-based like the rest and can move there.
 */
export function money(amount: number, currency: string, language: string = currentLanguage()): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

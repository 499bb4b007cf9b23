import { describe, expect, it } from 'vitest';
import { invitationToken } from '../../src/features/auth/invitation-token';
import { shareUrl } from '../../src/features/settings/links';
import { isCustom, money, perMonth, priceOf, retentionOf, yearlySaving } from '../../src/features/settings/plans';

/** The settings' pure helpers: the addresses they hand out and the plan table's arithmetic. */

describe('addresses', () => {
  it("builds a share link's address from the path the API answers", () => {
    expect(shareUrl('https://monitor.example', '/share/gsm_s_abc')).toBe('https://monitor.example/share/gsm_s_abc');
    expect(shareUrl('https://monitor.example', '/overlay/gsm_s_abc')).toBe('https://monitor.example/overlay/gsm_s_abc');
  });

  it('keeps an absolute address the API might answer', () => {
    expect(shareUrl('https://monitor.example', 'https://other.example/share/t')).toBe('https://other.example/share/t');
  });

  it("reads the invitation token from the fragment of the mail's link", () => {
    const url = new URL('https://monitor.example/invitations/accept#token=gsm_i_x-Y_9');
    expect(invitationToken(new URLSearchParams(url.hash.slice(1)).get('token')!)).toBe('gsm_i_x-Y_9');
    expect(invitationToken(url.hash)).toBe('gsm_i_x-Y_9');
  });

  it('reads a token from ?token=, a pasted link or the token itself; other text stays as typed', () => {
    expect(invitationToken('?token=gsm_i_abc')).toBe('gsm_i_abc');
    expect(invitationToken('  gsm_i_abc  ')).toBe('gsm_i_abc');
    expect(invitationToken('  something else ')).toBe('something else');
    expect(invitationToken('')).toBe('');
  });
});

const plan = (monthly: number | null, yearly: number | null, id = 'team') => ({
  id,
  price: { currency: 'EUR', monthly, yearly },
});

describe('plan prices', () => {
  it('tells free, custom and priced plans apart per period', () => {
    expect(priceOf(plan(0, 0), 'monthly')).toEqual({ kind: 'free' });
    expect(priceOf(plan(null, null), 'yearly')).toEqual({ kind: 'custom' });
    expect(priceOf(plan(49, 470), 'yearly')).toEqual({ kind: 'amount', amount: 470, currency: 'EUR' });
  });

  it('counts Enterprise and plans without a list price as custom', () => {
    expect(isCustom(plan(49, 470, 'enterprise'))).toBe(true);
    expect(isCustom(plan(null, null, 'big'))).toBe(true);
    expect(isCustom(plan(49, 470))).toBe(false);
  });

  it('says what a year saves against twelve months, rounded down', () => {
    expect(yearlySaving(plan(49, 470))).toBe(20); // 588 → 470: 20.07 %
    expect(yearlySaving(plan(10, 100))).toBe(16); // 120 → 100: 16.67 %
    expect(yearlySaving(plan(10, 120))).toBeNull(); // nothing saved
    expect(yearlySaving(plan(0, 0))).toBeNull();
    expect(yearlySaving(plan(null, null))).toBeNull();
  });

  it("gives a yearly price's monthly share to the cent", () => {
    expect(perMonth(plan(49, 470), 'yearly')).toBe(39.17);
    expect(perMonth(plan(49, 470), 'monthly')).toBe(49);
    expect(perMonth(plan(null, null), 'monthly')).toBeNull();
  });

  it("writes money in the reader's language, cents only where there are some", () => {
    expect(money(49, 'EUR', 'en')).toBe('€49');
    expect(money(39.17, 'EUR', 'en')).toBe('€39.17');
    expect(money(49, 'EUR', 'de').replace(/\s/g, ' ')).toBe('49 €');
    expect(money(39.5, 'EUR', 'fr').replace(/\s/g, ' ')).toBe('39,50 €');
  });
});

describe('data kept', () => {
  it('in hours below two days, in whole days from there; null when arranged', () => {
    expect(retentionOf(24)).toEqual({ unit: 'hours', value: 24 });
    expect(retentionOf(48)).toEqual({ unit: 'days', value: 2 });
    expect(retentionOf(2160)).toEqual({ unit: 'days', value: 90 });
    expect(retentionOf(null)).toBeNull();
  });
});

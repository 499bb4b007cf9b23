import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LanguagePicker as LanguagePickerType } from '../../src/app/LanguagePicker';
import { i18n, LOCALE_KEY } from '../../src/lib/i18n';
import { keys, queryClient } from '../../src/lib/query';

/**
 * The header's language picker: the five languages in their own names; a choice changes the page's language at
 * once (i18next, <html lang>, remembered in localStorage) and is saved for a signed-in user with
 * `PATCH /api/v1/me {locale}`. `fetch` is the browser boundary and is replaced by a fake API here: stubbed before
 * the picker (and the generated client, which keeps the `fetch` it was made with) is imported; each test sets
 * what it answers.
 */
type Call = { method: string; url: string; body: unknown; auth: string | null };
let answerOf: (request: Request, text: string) => Response = () => new Response(null, { status: 500 });
let calls: Call[] = [];
vi.stubGlobal(
  'fetch',
  vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.origin), init);
    const text = await request.text();
    calls.push({
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      auth: request.headers.get('authorization'),
    });
    return answerOf(request, text);
  }),
);

function fakeApi(me: Record<string, unknown>, patch: 'saves' | 'unknown route' = 'saves') {
  calls = [];
  const answer = (status: number, body: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  answerOf = (request, text) => {
    const url = new URL(request.url).pathname;
    if (url === '/api/v1/me' && request.method === 'GET') return answer(200, me);
    if (url === '/api/v1/me' && request.method === 'PATCH' && patch === 'saves')
      return answer(200, { ...me, ...(JSON.parse(text) as object) });
    return answer(404, { error: { code: 'NotFound', message: 'no such route' } });
  };
  return calls;
}

const ME = {
  id: 'u1',
  email: 'pioneer@example.com',
  name: 'Pioneer',
  organisation_id: 'o1',
  role: 'admin',
  organisations: [{ id: 'o1', name: 'Pioneer', personal: true, role: 'admin' }],
  plan: { id: 'free', max_servers: 1, retention_hours: 24 },
};

let LanguagePicker: typeof LanguagePickerType;
beforeAll(async () => {
  ({ LanguagePicker } = await import('../../src/app/LanguagePicker'));
});

const renderPicker = () =>
  render(
    <QueryClientProvider client={queryClient}>
      <LanguagePicker />
    </QueryClientProvider>,
  );

describe('the language picker', () => {
  beforeEach(async () => {
    queryClient.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    queryClient.clear();
    await i18n.changeLanguage('en');
  });

  it('offers the five languages, each in its own name and language', () => {
    fakeApi(ME);
    renderPicker();
    const picker = screen.getByRole('combobox', { name: 'Language' });
    const options = within(picker).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('value'), o.getAttribute('lang')])).toEqual([
      ['English', 'en', 'en'],
      ['Deutsch', 'de', 'de'],
      ['Español', 'es', 'es'],
      ['Français', 'fr', 'fr'],
      ['Nederlands', 'nl', 'nl'],
    ]);
    expect((picker as HTMLSelectElement).value).toBe('en');
  });

  it('a choice changes the language at once, remembers it, and saves it for the signed-in user', async () => {
    localStorage.setItem('gsm.session', 'session-token');
    const calls = fakeApi(ME);
    renderPicker();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/api/v1/me')).toBe(true));

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });

    // The label itself is the first text to turn German.
    const picker = await screen.findByRole('combobox', { name: 'Sprache' });
    expect((picker as HTMLSelectElement).value).toBe('de');
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('de');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
        { method: 'PATCH', url: '/api/v1/me', body: { locale: 'de' }, auth: 'Bearer session-token' },
      ]),
    );
    // The cached account says so too, so a later render does not switch back to the old saved language.
    await waitFor(() => expect(queryClient.getQueryData<{ locale?: string }>(keys.me)?.locale).toBe('de'));
  });

  it('without a session the choice stays on this device and nothing is sent', async () => {
    const calls = fakeApi(ME);
    renderPicker();
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'nl' } });
    await screen.findByRole('combobox', { name: 'Taal' });
    expect(document.documentElement.lang).toBe('nl');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('nl');
    expect(calls).toEqual([]);
  });

  it("after sign-in the user's saved language wins over the browser's", async () => {
    localStorage.setItem('gsm.session', 'session-token');
    fakeApi({ ...ME, locale: 'fr' });
    renderPicker();
    await screen.findByRole('combobox', { name: 'Langue' });
    expect(document.documentElement.lang).toBe('fr');
  });

  it('a save the API refuses keeps the choice, and the saved language does not switch it back', async () => {
    localStorage.setItem('gsm.session', 'session-token');
    const calls = fakeApi({ ...ME, locale: 'en' }, 'unknown route');
    renderPicker();
    await waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.url === '/api/v1/me')).toBe(true));
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'es' } });
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    await queryClient.refetchQueries({ queryKey: keys.me });
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveProperty('value', 'es');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('es');
  });
});

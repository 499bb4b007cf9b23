import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, type Me } from '../lib/account';
import { session } from '../lib/api';
import { client, unwrap } from '../lib/api/client';
import { currentLanguage, i18n, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../lib/i18n';
import { keys, queryClient } from '../lib/query';

/**
 * Saves the signed-in user's language (`PATCH /api/v1/me {locale}`). Saving is best effort: a failure (offline, or
 * an API without the field) stays in the mutation's state, and the choice holds on this device either way.
 */
function useSaveLanguage() {
  return useMutation({
    mutationFn: (locale: Language) => unwrap(client.PATCH('/api/v1/me', { body: { locale } })),
    // The cached account now says so too, so the picker does not switch back to the old saved language.
    onSuccess: (_, locale) => queryClient.setQueryData<Me>(keys.me, (me) => (me ? { ...me, locale } : me)),
  });
}

/** The header's language picker; after sign-in, the user's saved language wins over the browser's. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { me } = useAccount();
  const saved = me?.locale ?? null;
  const save = useSaveLanguage();
  /** Changes the language now (i18next also keeps it in localStorage for the next visit), then saves it. */
  const choose = async (language: Language) => {
    await i18n.changeLanguage(language);
    if (session.token()) save.mutate(language);
  };
  useEffect(() => {
    if (isLanguage(saved) && saved !== currentLanguage()) void i18n.changeLanguage(saved);
  }, [saved]);
  return (
    <label className="lang-switch">
      <span className="switch-label">{t('nav.language')}</span>
      <select
        value={currentLanguage()}
        data-testid="language-picker"
        onChange={(e) => void choose(e.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

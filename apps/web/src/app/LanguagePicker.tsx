import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, type Me } from '../lib/account';
import { api, session } from '../lib/api';
import { currentLanguage, i18n, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../lib/i18n';
import { keys, queryClient } from '../lib/query';

/**
 * Changes the language now (i18next also keeps it in localStorage for the next visit), and saves it for the
 * signed-in user (`PATCH /api/v1/me {locale}`). Saving is best effort: the choice holds on this device either way.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  if (!session.token()) return;
  try {
    await api('PATCH', '/api/v1/me', { locale: language });
    // The cached account now says so too, so the picker does not switch back to the old saved language.
    queryClient.setQueryData<Me>(keys.me, (me) => (me ? { ...me, locale: language } : me));
  } catch {
    // Not saved (offline, or an API without the field): this device still remembers it.
  }
}

/** The header's language picker; after sign-in, the user's saved language wins over the browser's. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const { me } = useAccount();
  const saved = me?.locale ?? null;
  useEffect(() => {
    if (isLanguage(saved) && saved !== currentLanguage()) void i18n.changeLanguage(saved);
  }, [saved]);
  return (
    <label className="lang-switch">
      <span className="switch-label">{t('nav.language')}</span>
      <select
        value={currentLanguage()}
        data-testid="language-picker"
        onChange={(e) => void chooseLanguage(e.target.value as Language)}
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

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '../lib/account';
import { api, session } from '../lib/api';
import { currentLanguage, i18n, isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language } from '../lib/i18n';

/** Changes the language now, and saves it for the signed-in user (`PATCH /api/v1/me {locale}`). */
export async function chooseLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  if (session.token()) await api('PATCH', '/api/v1/me', { locale: language }).catch(() => undefined);
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
      <span className="sr-only">{t('nav.language')}</span>
      <select
        value={currentLanguage()}
        aria-label={t('nav.language')}
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

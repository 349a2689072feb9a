import { useTranslation } from 'react-i18next';
import { LANGUAGES, apiClient, setLanguage, useSessionStore, type Language } from '@leadsmith/shared/core';

/** en/es/fr/de, stored under `lang` (spec §3) and saved to the profile when signed in. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const token = useSessionStore((s) => s.token);
  const handleChange = async (lang: Language) => {
    await setLanguage(lang);
    if (token) apiClient.post('/api/me', { lang }, { silent: true }).catch(() => undefined);
  };
  return (
    <select
      className="ls-select"
      aria-label={t('language.label')}
      value={i18n.language}
      onChange={(e) => void handleChange(e.target.value as Language)}
      data-testid="language-switch"
    >
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang}>
          {t(`language.${lang}`)}
        </option>
      ))}
    </select>
  );
}

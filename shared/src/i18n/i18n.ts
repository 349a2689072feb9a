import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '../constants/limits';
import en from '../locales/en/common.json';
import es from '../locales/es/common.json';
import fr from '../locales/fr/common.json';
import de from '../locales/de/common.json';

export type AreaTranslations = Record<Language, Record<string, unknown>>;

function storedLanguage(): Language {
  try {
    const lang = localStorage.getItem(STORAGE_KEYS.lang);
    return (LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** The one i18n instance of the page (shared singleton through federation). */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { common: en }, es: { common: es }, fr: { common: fr }, de: { common: de } },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Each area ships its own namespace in all four languages and registers it at mount. */
export function registerAreaTranslations(namespace: string, translations: AreaTranslations): void {
  for (const lang of LANGUAGES) {
    if (!i18n.hasResourceBundle(lang, namespace)) i18n.addResourceBundle(lang, namespace, translations[lang], true, false);
  }
}

/** Switch language, persist it under `lang` (spec §3) and tell the document. */
export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return (i18n.language as Language) || DEFAULT_LANGUAGE;
}

import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '../constants/limits';
import en from '../locales/en/common.json';

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

type Texts = Record<string, unknown>;

/**
 * English, the fallback, ships with the library; the other languages' texts are fetched when one is
 * first used (loadLanguage), so a visit carries only the texts it shows.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Texts | { default: Texts }>> = {
  es: () => import('../locales/es/common.json'),
  fr: () => import('../locales/fr/common.json'),
  de: () => import('../locales/de/common.json'),
};

void i18n.use(initReactI18next).init({
  resources: { en: { common: en } },
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

const loading = new Map<Language, Promise<void>>();

/**
 * Makes a language's texts available: fetched once, then kept. Until they arrive (or when the fetch
 * fails) the English fallback shows. The shell awaits the stored language before its first render.
 */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'en' || i18n.hasResourceBundle(lang, 'common')) return Promise.resolve();
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang]().then((loaded) => {
      const texts = 'default' in loaded && typeof loaded.default === 'object' ? (loaded.default as Texts) : (loaded as Texts);
      i18n.addResourceBundle(lang, 'common', texts, true, false);
    });
    // A failed fetch is not kept: the next call tries again.
    pending.catch(() => loading.delete(lang));
    loading.set(lang, pending);
  }
  return pending;
}

/** Switch language (its texts loaded first), persist it under `lang` (spec §3) and tell the document. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadLanguage(lang);
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  document.documentElement.lang = lang;
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return (i18n.language as Language) || DEFAULT_LANGUAGE;
}

import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '../constants/limits';
import en from '../locales/en/common.json';

type Texts = Record<string, unknown>;
type TextsModule = Texts | { default: Texts };

/**
 * An area's texts (its own namespace). Areas ship English, the fallback, in their bundle and fetch the other
 * languages when one is first used (`load`), so a visit carries only the texts it shows; small namespaces may give
 * all four languages at once.
 */
export type AreaTranslations =
  Record<Language, Texts> | { en: Texts; load: Record<Exclude<Language, 'en'>, () => Promise<TextsModule>> };

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

/**
 * English, the fallback, ships with the library; the other languages' texts are fetched when one is
 * first used (loadLanguage), so a visit carries only the texts it shows.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<TextsModule>> = {
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

/** The areas' loaders of their other languages, by namespace. */
const areaLoaders = new Map<string, Record<Exclude<Language, 'en'>, () => Promise<TextsModule>>>();

/** An area registers its namespace at mount: English (or every language it ships) at once, the others on demand. */
export function registerAreaTranslations(namespace: string, translations: AreaTranslations): void {
  if ('load' in translations) {
    if (!i18n.hasResourceBundle('en', namespace)) i18n.addResourceBundle('en', namespace, translations.en, true, false);
    areaLoaders.set(namespace, translations.load as Record<Exclude<Language, 'en'>, () => Promise<TextsModule>>);
    return;
  }
  for (const lang of LANGUAGES) {
    if (!i18n.hasResourceBundle(lang, namespace))
      i18n.addResourceBundle(lang, namespace, translations[lang], true, false);
  }
}

const loading = new Map<string, Promise<void>>();

/** One namespace in one language: fetched once (also when asked for again meanwhile), a failed fetch tried again later. */
function loadBundle(lang: Exclude<Language, 'en'>, namespace: string, load: () => Promise<TextsModule>): Promise<void> {
  if (i18n.hasResourceBundle(lang, namespace)) return Promise.resolve();
  const key = `${lang}:${namespace}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = load().then((loaded) => {
      const texts =
        'default' in loaded && typeof loaded.default === 'object' ? (loaded.default as Texts) : (loaded as Texts);
      i18n.addResourceBundle(lang, namespace, texts, true, false);
    });
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/**
 * Makes a language's texts available: the common namespace and every registered area's, each fetched once, then
 * kept. Until they arrive (or when a fetch fails) the English fallback shows. The shell awaits the stored language
 * before its first render; an area registered later loads its own with `loadAreaLanguage` before it mounts.
 */
export function loadLanguage(lang: Language): Promise<void> {
  if (lang === 'en') return Promise.resolve();
  const areas = [...areaLoaders].map(([namespace, load]) => loadBundle(lang, namespace, load[lang]));
  return Promise.all([loadBundle(lang, 'common', LOADERS[lang]), ...areas]).then(() => undefined);
}

/** An area's texts in the page's current language (registered first): awaited before the area first renders. */
export function loadAreaLanguage(namespace: string): Promise<void> {
  const lang = currentLanguage();
  const load = areaLoaders.get(namespace);
  if (lang === 'en' || !load) return Promise.resolve();
  return loadBundle(lang, namespace, load[lang]);
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

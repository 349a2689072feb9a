import type { AreaTranslations } from '@leadsmith/shared';
import en from './en.json';

export const NAMESPACE = 'ai';
/** English ships with the area (the fallback); the other languages are fetched when one is first used. */
export const translations: AreaTranslations = {
  en,
  load: { es: () => import('./es.json'), fr: () => import('./fr.json'), de: () => import('./de.json') },
};

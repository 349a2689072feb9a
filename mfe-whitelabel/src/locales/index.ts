import type { AreaTranslations } from '@leadsmith/shared';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import de from './de.json';

export const NAMESPACE = 'whitelabel';
export const translations: AreaTranslations = { en, es, fr, de };

import { LANGUAGES, type Language } from '@leadsmith/shared/constants';

export { LANGUAGES, type Language };
export type MessageParams = Readonly<Record<string, string | number>>;
export type Entry = string | ((params: MessageParams) => string);
/** One message in every language: a test fails when one is missing. */
export type Translations = Readonly<Record<Language, Entry>>;

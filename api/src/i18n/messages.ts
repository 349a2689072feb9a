import { LANGUAGES, type Language, type MessageParams, type Translations } from './catalogue/types';
import { coreMessages } from './catalogue/core';
import { settingsMessages } from './catalogue/settings';
import { adminMessages } from './catalogue/admin';
import { deliveryMessages } from './catalogue/delivery';
import { leadSearchMessages } from './catalogue/leadSearch';
import { leadSourceMessages } from './catalogue/leadSources';
import { aiMessages } from './catalogue/ai';
import { whitelabelMessages } from './catalogue/whitelabel';
import { billingMessages } from './catalogue/billing';
import { savedSearchMessages } from './catalogue/savedSearches';
import { operationsMessages } from './catalogue/operations';
import { listMessages } from './catalogue/lists';
import { emailGradeMessages } from './catalogue/emailGrades';
import { listImportMessages } from './catalogue/listImports';

/**
 * Server-side message catalogue. Every response that carries a `message` also
 * carries its stable `code` (the key here), so clients can branch on the code
 * and show the text. Language comes from the `User-Language` header. A text
 * has `{name}` placeholders, or is a function when grammar depends on a number.
 */
export { LANGUAGES, type Language, type MessageParams };

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each area owns its catalogue file; codes are namespaced so they never collide. */
const catalogue = {
  ...coreMessages,
  ...settingsMessages,
  ...adminMessages,
  ...deliveryMessages,
  ...leadSearchMessages,
  ...leadSourceMessages,
  ...aiMessages,
  ...whitelabelMessages,
  ...billingMessages,
  ...savedSearchMessages,
  ...operationsMessages,
  ...listMessages,
  ...emailGradeMessages,
  ...listImportMessages,
} satisfies Record<string, Translations>;

export type MessageCode = keyof typeof catalogue;
export const MESSAGES: Readonly<Record<MessageCode, Translations>> = catalogue;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Language from a `User-Language` header: `de`, `de-DE`, `DE`, `fr;q=0.9` all
 * work; anything unknown gives `null` so the caller can fall back.
 */
export function parseLanguageHeader(header: string | string[] | undefined): Language | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const primary = value
    .trim()
    .toLowerCase()
    .split(/[-_;,\s]/)[0];
  return isLanguage(primary) ? primary : null;
}

/** The text for `code` in `lang`, `{name}` placeholders filled from `params`. */
export function t(lang: Language, code: MessageCode, params: MessageParams = {}): string {
  const entry = MESSAGES[code][lang];
  if (typeof entry === 'function') return entry(params);
  return entry.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

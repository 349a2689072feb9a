import de from '@leadsmith/shared/locales/de/common.json';
import en from '@leadsmith/shared/locales/en/common.json';
import es from '@leadsmith/shared/locales/es/common.json';
import fr from '@leadsmith/shared/locales/fr/common.json';
import type { Language } from '@leadsmith/shared/core';
import { IMPERSONATION_TEXTS } from '../layout/impersonationTexts';

type Common = typeof en;

/** The part of `common` the frame shows. Each part is read by name, so the build keeps only these. */
function frameCommon(
  app: Common['app'],
  sidebar: Common['sidebar'],
  signedInAs: string,
  actions: { signOut: string; retry: string },
  language: Common['language'],
  diagnostics: string,
  unexpected: string,
  accountButton: string,
  search: Common['globalSearch'],
) {
  const globalSearch = { button: search.button, shortcut: search.shortcut, shortcutMac: search.shortcutMac };
  return {
    app,
    sidebar,
    shell: { signedInAs },
    actions,
    language,
    diagnostics: { open: diagnostics },
    errors: { unexpected },
    account: { button: accountButton },
    globalSearch,
  };
}

export interface FrameTexts {
  common: ReturnType<typeof frameCommon>;
  impersonation: (typeof IMPERSONATION_TEXTS)['en'];
}

/** The boot frame's texts in the four languages, from the same files i18n serves. */
export const FRAME_TEXTS: Record<Language, FrameTexts> = {
  en: {
    common: frameCommon(
      en.app,
      en.sidebar,
      en.shell.signedInAs,
      { signOut: en.actions.signOut, retry: en.actions.retry },
      en.language,
      en.diagnostics.open,
      en.errors.unexpected,
      en.account.button,
      en.globalSearch,
    ),
    impersonation: IMPERSONATION_TEXTS.en,
  },
  es: {
    common: frameCommon(
      es.app,
      es.sidebar,
      es.shell.signedInAs,
      { signOut: es.actions.signOut, retry: es.actions.retry },
      es.language,
      es.diagnostics.open,
      es.errors.unexpected,
      es.account.button,
      es.globalSearch,
    ),
    impersonation: IMPERSONATION_TEXTS.es,
  },
  fr: {
    common: frameCommon(
      fr.app,
      fr.sidebar,
      fr.shell.signedInAs,
      { signOut: fr.actions.signOut, retry: fr.actions.retry },
      fr.language,
      fr.diagnostics.open,
      fr.errors.unexpected,
      fr.account.button,
      fr.globalSearch,
    ),
    impersonation: IMPERSONATION_TEXTS.fr,
  },
  de: {
    common: frameCommon(
      de.app,
      de.sidebar,
      de.shell.signedInAs,
      { signOut: de.actions.signOut, retry: de.actions.retry },
      de.language,
      de.diagnostics.open,
      de.errors.unexpected,
      de.account.button,
      de.globalSearch,
    ),
    impersonation: IMPERSONATION_TEXTS.de,
  },
};

/** i18next's lookup for these texts: a dotted key, `{{name}}` filled in; the key itself when missing. */
export function translate(texts: object, key: string, values: Record<string, string> = {}): string {
  let found: unknown = texts;
  for (const part of key.split('.'))
    found = found && typeof found === 'object' ? (found as Record<string, unknown>)[part] : undefined;
  if (typeof found !== 'string') return key;
  return found.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

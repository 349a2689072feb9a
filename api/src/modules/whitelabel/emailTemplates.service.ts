import type { Queryable } from '../../db';
import type { Language } from '../../i18n/messages';
import { defaultTemplate } from '../../mail/emailDefaults';
import { variablesOf, type EmailKind } from '../../mail/emailKinds';
import { customTemplate } from '../../mail/templatedMail';
import { savedTemplateAt } from './emailTemplates.repository';

/** A kind's template as the reseller sees it: its own when saved, else the built-in one in `lang`. */
export interface EmailTemplateView {
  kind: EmailKind;
  subject: string;
  html: string;
  text: string;
  is_default: boolean;
  variables: string[];
  updated_at: Date | null;
}

export async function emailTemplateView(
  q: Queryable,
  owner: number,
  kind: EmailKind,
  lang: Language,
): Promise<EmailTemplateView> {
  const saved = await savedTemplateAt(q, owner, kind);
  const custom = saved ? await customTemplate(q, owner, kind) : null;
  const base = { kind, variables: variablesOf(kind) };
  if (saved && custom) return { ...base, ...custom, is_default: false, updated_at: saved };
  const { subject, html, text } = defaultTemplate(kind, lang);
  return { ...base, subject, html, text, is_default: true, updated_at: null };
}

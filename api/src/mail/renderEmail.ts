import { load } from 'cheerio';
import { sanitizeHtml } from '../modules/whitelabel/sanitizeHtml';
import { brandedLink, brandLinksInText, type MailBrand } from './mailBrand';
import { DEFAULT_COLORS, safeColor } from '@leadsmith/shared/constants';

/** A template as stored or built in: `{variable}` placeholders in all three parts. */
export interface EmailTemplateParts {
  subject: string;
  html: string;
  text: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export type MailVars = Readonly<Record<string, string | number>>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** `{name}` → its value; an unknown placeholder stays as typed, so a typo shows in the preview. */
export function fillPlaceholders(text: string, vars: MailVars, encode: (value: string) => string = (v) => v): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, key: string) =>
    vars[key] === undefined ? whole : encode(String(vars[key])),
  );
}

/** The variables that are addresses: written into a template's HTML before it is sanitised, so `<a href="{app_url}/settings">` keeps its link. */
const LINK_VARIABLES = ['app_url', 'action_url', 'url'] as const;

/**
 * Every link of a rendered body, and every address in its text, as the brand's emails carry them
 * (`brandedLink`): the reseller's brand code on links to the platform's domain. The body is the
 * sanitiser's output, parsed and written back by cheerio (a real HTML parser), so no text is misread.
 */
function brandBodyLinks(brand: MailBrand, body: string): string {
  if (!brand.brandCode) return body;
  const $ = load(body, null, false);
  $('a[href]').each((_, a) => {
    $(a).attr('href', brandedLink(brand, $(a).attr('href') ?? ''));
  });
  $.root()
    .find('*')
    .addBack()
    .contents()
    .each((_, node) => {
      if (node.nodeType === 3) node.data = brandLinksInText(brand, node.data);
    });
  return $.html();
}

/** MJML (about 75 MB of resident memory once loaded) is loaded by the first email rendered, not at start. */
let mjml: Promise<typeof import('mjml')> | null = null;

/**
 * Renders a branded email: the template's HTML body (rebuilt by the allowlist sanitiser, as reseller
 * HTML always is, then filled with HTML-escaped values) inside a responsive MJML layout with the
 * brand's logo, colours and a button to `action_url`; the text part is the template's text alternative.
 * Links to the platform's domain in any part carry a reseller's brand code (`brandedLink`).
 */
export async function renderEmail(
  brand: MailBrand,
  template: EmailTemplateParts,
  vars: MailVars,
  actionLabel: string,
): Promise<RenderedEmail> {
  const subject = fillPlaceholders(template.subject, vars)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const links = Object.fromEntries(
    LINK_VARIABLES.filter((key) => vars[key] !== undefined).map((key) => [key, String(vars[key])]),
  );
  // The addresses go in first and are checked by the sanitiser as typed ones are; the other values are escaped in after it.
  const body = brandBodyLinks(
    brand,
    fillPlaceholders(sanitizeHtml(fillPlaceholders(template.html, links)), vars, escapeHtml),
  );
  const primary = safeColor(brand.primaryColor, DEFAULT_COLORS.primary);
  const text = safeColor(brand.textColor, DEFAULT_COLORS.primaryText);
  const heading = safeColor(brand.headingColor, DEFAULT_COLORS.primaryText);
  const attr = (value: string) => escapeHtml(value);
  const header = brand.logo
    ? `<mj-image src="${attr(brand.logo)}" alt="${attr(brand.name)}" width="160px" href="${attr(brandedLink(brand, brand.baseUrl))}" padding="8px 0" />`
    : `<mj-text align="center" font-size="22px" font-weight="700" color="${heading}">${escapeHtml(brand.name)}</mj-text>`;
  const action =
    vars.action_url === undefined
      ? ''
      : `<mj-button href="${attr(brandedLink(brand, String(vars.action_url)))}" background-color="${primary}" color="#ffffff" border-radius="6px" font-weight="600">${escapeHtml(actionLabel)}</mj-button>`;
  const footer = [
    escapeHtml(brand.name),
    brand.supportEmail ? `<a href="mailto:${attr(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const layout = `<mjml lang="${attr(String(vars.lang ?? 'en'))}">
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${escapeHtml(subject)}</mj-preview>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text color="${text}" font-size="15px" line-height="1.55" />
    </mj-attributes>
    <mj-style inline="inline">a { color: ${primary}; } h2, h3, h4 { color: ${heading}; }</mj-style>
  </mj-head>
  <mj-body background-color="#f4f5f7" width="600px">
    <mj-section padding="24px 0 8px"><mj-column>${header}</mj-column></mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px"><mj-column>
      <mj-text>${body}</mj-text>
      ${action}
    </mj-column></mj-section>
    <mj-section padding="8px 0 24px"><mj-column><mj-text align="center" font-size="12px" color="#4A5568">${footer}</mj-text></mj-column></mj-section>
  </mj-body>
</mjml>`;
  const { default: mjml2html } = await (mjml ??= import('mjml'));
  const result = await mjml2html(layout, { validationLevel: 'soft', keepComments: false });
  return { subject, html: result.html, text: brandLinksInText(brand, fillPlaceholders(template.text, vars).trim()) };
}

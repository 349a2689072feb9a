import { t, type Language, type MessageCode, type MessageParams } from '../../i18n/messages';
import type { BusinessAccount } from './businessAccount.schemas';
import { readableOn, safeColor } from '@leadsmith/shared/constants';
import type { Package } from './packages.schemas';
import { SALES_DEFAULTS, type SalesSettingsInput } from './salesSettings.repository';

/**
 * The public sales page's HTML (`/p/<slug>`), and the same page in the sales-settings preview: the
 * reseller's brand (logo, name, colours), the package's offer, the sign-up form with its payment step,
 * and what a buyer looks for before paying (who takes the card, cancel anytime, the terms).
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export interface SalesPageData {
  pkg: Package;
  /** Saved settings, or the draft of the sales-settings form (preview). */
  sales: Omit<SalesSettingsInput, 'subdomain_url'> | null;
  account: BusinessAccount | null;
}

export type Values = Record<string, string>;

export interface RenderOptions {
  /** Which payments provider takes the card: the sandbox's form in the page (test mode), or Stripe Checkout. */
  provider?: 'sandbox' | 'stripe';
  values?: Values;
  errors?: Record<string, string>;
  done?: { loginUrl: string };
  /** A partner's referral code the page was opened with (`?ref=`), carried by the form to the sign-up. */
  referral?: string | null;
}

/** A partner's referral code as links carry it (what /auth/register accepts); anything else is ignored. */
export const referralCodeOf = (value: unknown): string | null =>
  typeof value === 'string' && /^[A-Za-z0-9-]{1,60}$/.test(value) ? value : null;

const money = (cents: number, lang: Language) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(cents / 100);

/** A translated sentence with one placeholder filled by HTML (a price in bold, a link): the rest is escaped. */
function withHtml(lang: Language, code: MessageCode, name: string, html: string, params: MessageParams = {}): string {
  const marker = '\u0000';
  return escapeHtml(t(lang, code, { ...params, [name]: marker })).replace(marker, html);
}

const ICON = {
  check:
    '<svg class="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M8 13.2 4.8 10l-1.4 1.4L8 16l9-9-1.4-1.4z"/></svg>',
  lock: '<svg class="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M6 8V6a4 4 0 1 1 8 0v2h1a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zm2 0h4V6a2 2 0 1 0-4 0z"/></svg>',
  card: '<svg class="icon" viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M2 5a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1zm2 2v2h12V7zm0 5v2h5v-2z"/></svg>',
};

/**
 * The card step. With Stripe the customer pays on Stripe Checkout after this form (the reseller's page
 * never holds a card). In test mode the card inputs have no name: the script turns the number into the
 * sandbox's token (as the settings remote's card form does) and only `card_token` is posted.
 */
function cardStep(lang: Language, pkg: Package, provider: 'sandbox' | 'stripe', error: string | undefined): string {
  const tt = (code: MessageCode) => escapeHtml(t(lang, code));
  if (provider === 'stripe')
    return `<p class="note">${ICON.lock} ${tt(pkg.one_time_price_cents === null ? 'whitelabel.sales.subscribeOnStripe' : 'whitelabel.sales.payOnStripe')}</p>`;
  const err = error ? `<p class="error" id="f-card-err">${escapeHtml(error)}</p>` : '';
  return `<fieldset class="field payment"><legend>${ICON.card} ${tt('whitelabel.sales.payment')} <span class="badge test">${tt('whitelabel.sales.testBadge')}</span></legend>
<p class="hint">${tt('whitelabel.sales.testMode')}</p>
<div class="card-box${error ? ' invalid' : ''}">
<label for="f-card-number">${tt('whitelabel.sales.card')}</label><input id="f-card-number" type="text" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"${error ? ' aria-invalid="true" aria-describedby="f-card-err"' : ''}>
<div class="row"><div><label for="f-card-exp">${tt('whitelabel.sales.cardExpiry')}</label><input id="f-card-exp" type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YYYY"></div>
<div><label for="f-card-cvc">${tt('whitelabel.sales.cardCvc')}</label><input id="f-card-cvc" type="text" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"></div></div>
</div>
<input type="hidden" name="card_token" id="f-card-token">${err}</fieldset>
<script>${SANDBOX_TOKEN_SCRIPT}</script>`;
}

/** Monthly or yearly billing, when the package has a yearly price (a one-time package has neither). */
function intervalStep(lang: Language, pkg: Package, chosen: string | undefined): string {
  if (pkg.yearly_price_cents === null || pkg.one_time_price_cents !== null) return '';
  const tt = (code: MessageCode, params?: MessageParams) => escapeHtml(t(lang, code, params));
  const year = chosen === 'year';
  return `<fieldset class="field interval"><legend>${tt('whitelabel.sales.billing')}</legend>
<label class="choice"><input type="radio" name="billing_interval" value="month"${year ? '' : ' checked'}> ${tt('whitelabel.sales.billMonthly', { price: money(pkg.monthly_price_cents, lang) })}</label>
<label class="choice"><input type="radio" name="billing_interval" value="year"${year ? ' checked' : ''}> ${tt('whitelabel.sales.billYearly', { price: money(pkg.yearly_price_cents, lang) })}</label></fieldset>`;
}

/** The sandbox's tokeniser (the format of api/src/providers/payments/sandbox.ts), run in the page on submit. */
const SANDBOX_TOKEN_SCRIPT = `(function(){var f=document.currentScript.closest('form');f.addEventListener('submit',function(){
var d=(document.getElementById('f-card-number').value||'').replace(/[\\s-]/g,'');var e=(document.getElementById('f-card-exp').value||'').split('/');
var m=('0'+(parseInt(e[0],10)||0)).slice(-2),y=String(parseInt(e[1],10)||0);if(y.length===2)y='20'+y;
var s=0;for(var i=0;i<d.length;i++){var n=+d[d.length-1-i];if(i%2){n*=2;if(n>9)n-=9;}s+=n;}
var ok=/^\\d{12,19}$/.test(d)&&s%10===0&&/^\\d{3,4}$/.test(document.getElementById('f-card-cvc').value||'');
var b={'4000000000000002':'decline','4000000000000341':'decline_later','4000000000000259':'processing','4000002760003184':'authenticate'}[d]||'succeed';
var br=/^4/.test(d)?'visa':/^(5[1-5]|2[2-7])/.test(d)?'mastercard':/^3[47]/.test(d)?'amex':/^6(011|5)/.test(d)?'discover':'card';
document.getElementById('f-card-token').value=ok?'tok_sandbox_'+b+'_'+br+'_'+d.slice(-4)+'_'+m+'_'+y:'';});})();`;

/** The offer: the headline price, the other ways to pay, the trial, and what the package grants. */
function offer(lang: Language, pkg: Package): string {
  const tt = (code: MessageCode, params?: MessageParams) => escapeHtml(t(lang, code, params));
  const strong = (cents: number) => `<strong class="amount">${escapeHtml(money(cents, lang))}</strong>`;
  const headline =
    pkg.one_time_price_cents !== null
      ? withHtml(lang, 'whitelabel.sales.oneTime', 'price', strong(pkg.one_time_price_cents))
      : withHtml(lang, 'whitelabel.sales.perMonth', 'price', strong(pkg.monthly_price_cents));
  const yearly =
    pkg.yearly_price_cents !== null && pkg.one_time_price_cents === null
      ? `<p class="alt">${tt('whitelabel.sales.orYearly', { price: money(pkg.yearly_price_cents, lang) })}</p>`
      : '';
  const trial =
    pkg.trial_days > 0
      ? `<p><span class="badge">${tt('whitelabel.sales.trial', { days: pkg.trial_days, price: money(pkg.trial_amount_cents, lang) })}</span></p>`
      : '';
  const credits = new Intl.NumberFormat(lang).format(pkg.monthly_credits);
  const items = [
    tt('whitelabel.sales.creditsMonthly', { n: credits, count: pkg.monthly_credits }),
    pkg.one_time_price_cents === null ? tt('whitelabel.sales.rollover') : '',
    tt('whitelabel.sales.moduleLeads'),
    tt('whitelabel.sales.moduleWallet', { price: money(pkg.credit_price_cents, lang) }),
  ].filter(Boolean);
  return `<section class="panel offer" aria-labelledby="offer-title">
<h2 id="offer-title">${tt('whitelabel.sales.included')}</h2>
<p class="price">${headline}</p>${yearly}${trial}
<ul class="checks">${items.map((item) => `<li>${ICON.check}<span>${item}</span></li>`).join('')}</ul>
</section>`;
}

/** What a buyer checks before paying: who takes the card, whether it can be cancelled, the terms. */
function trust(lang: Language, data: SalesPageData, provider: 'sandbox' | 'stripe', business: string): string {
  const { pkg, sales } = data;
  const tt = (code: MessageCode, params?: MessageParams) => escapeHtml(t(lang, code, params));
  const takesCard = pkg.collect_payment_method && (pkg.one_time_price_cents ?? pkg.monthly_price_cents) > 0;
  const lines = [
    takesCard
      ? `${ICON.lock}<span>${provider === 'stripe' ? tt('whitelabel.sales.securePayment', { business }) : tt('whitelabel.sales.testPayment')}</span>`
      : `${ICON.check}<span>${tt('whitelabel.sales.noCard')}</span>`,
    pkg.one_time_price_cents === null ? `${ICON.check}<span>${tt('whitelabel.sales.cancelAnytime')}</span>` : '',
    sales?.terms_url
      ? `${ICON.check}<span>${withHtml(lang, 'whitelabel.sales.acceptTerms', 'terms', `<a href="${escapeHtml(sales.terms_url)}" target="_blank" rel="noopener">${tt('whitelabel.sales.termsLink')}</a>`)}</span>`
      : '',
  ].filter(Boolean);
  return `<ul class="trust">${lines.map((line) => `<li>${line}</li>`).join('')}</ul>`;
}

function signupForm(lang: Language, data: SalesPageData, options: RenderOptions): string {
  const { pkg } = data;
  const tt = (code: MessageCode) => escapeHtml(t(lang, code));
  const values = options.values ?? {};
  const errors = options.errors ?? {};
  const field = (name: string, label: string, type = 'text', autocomplete = 'off', required = true) => {
    const id = `f-${name}`;
    const err = errors[name];
    return `<div class="field"><label for="${id}">${escapeHtml(label)}${required ? '' : ` <span class="muted">(${tt('whitelabel.sales.optional')})</span>`}</label>
<input id="${id}" name="${escapeHtml(name)}" type="${type}" autocomplete="${autocomplete}" value="${type === 'password' ? '' : escapeHtml(values[name] ?? '')}"${required ? ' required' : ''}${err ? ` aria-invalid="true" aria-describedby="${id}-err"` : ''}>
${err ? `<p class="error" id="${id}-err">${escapeHtml(err)}</p>` : ''}</div>`;
  };
  const custom = pkg.custom_fields
    .map((f, i) => {
      const name = `custom_${i}`;
      if (f.type === 'dropdown') {
        const id = `f-${name}`;
        const err = errors[name];
        return `<div class="field"><label for="${id}">${escapeHtml(f.label)}${f.optional ? ` <span class="muted">(${tt('whitelabel.sales.optional')})</span>` : ''}</label>
<select id="${id}" name="${name}"${f.optional ? '' : ' required'}${err ? ` aria-invalid="true" aria-describedby="${id}-err"` : ''}><option value="">${tt('whitelabel.sales.choose')}</option>${f.options
          .map(
            (o) => `<option value="${escapeHtml(o)}"${values[name] === o ? ' selected' : ''}>${escapeHtml(o)}</option>`,
          )
          .join('')}</select>${err ? `<p class="error" id="${id}-err">${escapeHtml(err)}</p>` : ''}</div>`;
      }
      return field(name, f.label, 'text', 'off', !f.optional);
    })
    .join('\n');
  return `<form method="post" action="/p/${escapeHtml(pkg.slug)}?lang=${lang}" novalidate>
<div class="row">${field('first_name', t(lang, 'whitelabel.sales.firstName'), 'text', 'given-name')}
${field('last_name', t(lang, 'whitelabel.sales.lastName'), 'text', 'family-name')}</div>
${field('email', t(lang, 'whitelabel.sales.email'), 'email', 'email')}
${field('password', t(lang, 'whitelabel.sales.password'), 'password', 'new-password')}
${custom}${referralCodeOf(values.ref ?? options.referral) ? `\n<input type="hidden" name="ref" value="${escapeHtml(referralCodeOf(values.ref ?? options.referral)!)}">` : ''}
${intervalStep(lang, pkg, values.billing_interval)}
${pkg.collect_payment_method ? cardStep(lang, pkg, options.provider ?? 'sandbox', errors.card_number) : ''}
<button type="submit">${tt('whitelabel.sales.submit')}</button>
</form>`;
}

export function renderSalesPage(lang: Language, data: SalesPageData, options: RenderOptions = {}): string {
  const { pkg, sales, account } = data;
  const tt = (code: MessageCode, params?: MessageParams) => escapeHtml(t(lang, code, params));
  const business = sales?.business_name ?? account?.name ?? 'Leadsmith';
  const provider = options.provider ?? 'sandbox';
  const c = {
    primary: safeColor(sales?.primary_color, SALES_DEFAULTS.primary_color),
    secondary: safeColor(sales?.secondary_color, SALES_DEFAULTS.secondary_color),
    background: safeColor(sales?.background_color, SALES_DEFAULTS.background_color),
    text: safeColor(sales?.text_color, SALES_DEFAULTS.text_color),
  };
  const onPrimary = readableOn(c.primary);
  const errors = options.errors ?? {};
  const signup = options.done
    ? `<section class="panel" role="status"><h2>${tt('whitelabel.sales.thanksTitle')}</h2><p>${tt('billing.sales_confirm_body')}</p><p><a class="button" href="${escapeHtml(options.done.loginUrl)}" target="_top">${tt('billing.sales_confirm_link')}</a></p></section>`
    : pkg.create_via_form
      ? `<section class="panel signup" aria-labelledby="signup-title"><h2 id="signup-title">${tt('whitelabel.sales.signupTitle')}</h2>
${errors.form ? `<p class="error" role="alert">${escapeHtml(errors.form)}</p>` : ''}
${signupForm(lang, data, options)}
${trust(lang, data, provider, business)}
</section>`
      : `<section class="panel"><p>${tt('whitelabel.sales.closed')}</p></section>`;
  const logo = account?.logo
    ? `<img class="logo" src="${escapeHtml(account.logo)}" alt="">`
    : `<span class="logo initial" aria-hidden="true">${escapeHtml(business.trim().charAt(0).toUpperCase())}</span>`;
  const links = [
    sales?.sales_page_url
      ? `<a href="${escapeHtml(sales.sales_page_url)}" target="_blank" rel="noopener">${tt('whitelabel.sales.moreInfo')}</a>`
      : '',
    sales?.terms_url
      ? `<a href="${escapeHtml(sales.terms_url)}" target="_blank" rel="noopener">${tt('whitelabel.sales.terms')}</a>`
      : '',
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(`${pkg.name} · ${business}`)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;background:${c.background};color:${c.text}}
.wrap{max-width:1080px;margin:0 auto;padding:0 20px}
.top{background:${c.primary};color:${onPrimary}}
.top .wrap{display:flex;align-items:center;gap:12px;min-height:64px}
.logo{height:36px;max-width:160px;object-fit:contain;border-radius:6px}
.logo.initial{display:inline-grid;place-items:center;width:36px;background:${onPrimary};color:${c.primary};font-weight:700}
.brand-name{font-weight:700;font-size:1.125rem}
.hero{background:${c.primary};color:${onPrimary};padding:24px 0 56px}
.hero h1{margin:0 0 8px;font-size:clamp(1.75rem,4vw,2.5rem);line-height:1.2}
.hero p{margin:0;max-width:640px;font-size:1.0625rem}
.grid{display:grid;grid-template-columns:minmax(0,1fr);gap:24px;margin-top:-32px;padding-bottom:40px}
@media (min-width:880px){.grid{grid-template-columns:minmax(0,1fr) minmax(0,420px);align-items:start}.signup{position:sticky;top:16px}}
.panel{background:#fff;color:#202633;border-radius:12px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.12),0 8px 24px rgba(0,0,0,.06);border-top:4px solid ${c.secondary}}
.panel h2{margin:0 0 12px;font-size:1.25rem}
.price{margin:0;font-size:1.0625rem}.price .amount{font-size:2.25rem;line-height:1.1;margin-right:4px}
.alt{margin:4px 0 0;color:#4a5568}
.badge{display:inline-block;border:1px solid ${c.secondary};border-radius:999px;padding:2px 10px;font-size:.875rem;font-weight:600}
.badge.test{border-color:#b7791f;color:#744210;background:#fefcbf;margin-left:6px}
.checks,.trust{list-style:none;margin:16px 0 0;padding:0}
.checks li,.trust li{display:flex;gap:8px;align-items:flex-start;margin:8px 0}
.checks .icon{color:#2f855a}
.trust{font-size:.875rem;color:#4a5568;border-top:1px solid #e2e8f0;padding-top:12px}
.icon{width:18px;height:18px;flex:none;vertical-align:-3px;margin-top:2px}
.reseller-content{margin-top:24px}
.field{margin-bottom:14px;border:0;padding:0}
.row{display:grid;grid-template-columns:minmax(0,1fr);gap:0 12px}
@media (min-width:480px){.row{grid-template-columns:repeat(2,minmax(0,1fr))}}
label{display:block;font-weight:600;margin-bottom:4px;font-size:.9375rem}
legend{font-weight:600;margin-bottom:6px;padding:0}
.choice{font-weight:400;display:flex;gap:8px;align-items:center}.choice input{width:auto}
input,select{width:100%;padding:10px 12px;border:1px solid #a0aec0;border-radius:6px;font:inherit;background:#fff;color:#202633}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #2b6cb0;outline-offset:2px}
.card-box{border:1px solid #a0aec0;border-radius:8px;padding:12px;background:#f7fafc}.card-box.invalid{border-color:#9b2c2c}
.card-box .field,.card-box .row>div{margin-bottom:8px}
.hint,.note{font-size:.875rem;color:#4a5568;margin:0 0 8px}
button,.button{display:block;width:100%;text-align:center;text-decoration:none;background:${c.primary};color:${onPrimary};border:0;border-radius:8px;padding:12px 16px;font:inherit;font-weight:700;font-size:1.0625rem;cursor:pointer}
.error{color:#9b2c2c;margin:4px 0 0}.muted{font-weight:400}
footer{border-top:1px solid ${c.secondary};padding:20px 0;font-size:.875rem}
footer .wrap{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center}
footer a{color:inherit}
</style></head>
<body><header class="top"><div class="wrap">${logo}<span class="brand-name">${escapeHtml(business)}</span></div></header>
<section class="hero"><div class="wrap"><h1>${escapeHtml(pkg.name)}</h1>${pkg.description ? `<p>${escapeHtml(pkg.description)}</p>` : ''}</div></section>
<main class="wrap grid">
<div>
${offer(lang, pkg)}
<section class="reseller-content">${sales?.body_html ?? ''}</section>
</div>
${signup}
</main>
<footer><div class="wrap"><span>${escapeHtml(business)}</span>${links.join('')}</div></footer>
${account?.script ?? ''}
</body></html>`;
}

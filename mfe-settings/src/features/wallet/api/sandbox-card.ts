/**
 * The sandbox's stand-in for Stripe.js (test mode, no Stripe keys): the card number is read in the
 * page and turned into a token here; only the token goes to the API, never the number. Its format is
 * the API's (api/src/providers/payments/sandbox.ts): `tok_sandbox_<behaviour>_<brand>_<last4>_<MM>_<YYYY>`.
 * The test numbers are Stripe's for the same behaviour.
 */
const BEHAVIOURS: Record<string, string> = {
  '4000000000000002': 'decline',
  '4000000000000341': 'decline_later',
  '4000000000000259': 'processing',
  '4000002760003184': 'authenticate',
};

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The token of a card, or null when the number fails its checksum. */
export function sandboxCardToken(card: { number: string; exp_month: number; exp_year: number }): string | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(digits)) return null;
  return `tok_sandbox_${BEHAVIOURS[digits] ?? 'succeed'}_${brandOf(digits)}_${digits.slice(-4)}_${String(card.exp_month).padStart(2, '0')}_${card.exp_year}`;
}

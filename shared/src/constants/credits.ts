import type { SearchType } from './search';

/** Credit costs per item (spec §9). Imported wherever a cost is shown or charged. */
export const CREDIT_COSTS = {
  peoplePerContact: 3,
  peoplePhoneEnrich: 1,
  peopleFindSimilar: 2,
  companyPerContact: 1,
  localPerContact: 1,
  localEmployeeEnrich: 2,
  domainEmployeeEnrich: 2,
  influencerPerRecord: 2,
  domainPerEmail: 1,
  influencerEnrichPerRecord: 5,
  intentPerEmail: 1,
} as const;

/** Cost of one record of a search that returned a contact or email, per search type. Group searches find people (ADR 005). */
export const COST_PER_RECORD: Readonly<Record<SearchType, number>> = {
  people: CREDIT_COSTS.peoplePerContact,
  group: CREDIT_COSTS.peoplePerContact,
  company: CREDIT_COSTS.companyPerContact,
  local: CREDIT_COSTS.localPerContact,
  domain: CREDIT_COSTS.domainPerEmail,
  influencer: CREDIT_COSTS.influencerPerRecord,
  intent: CREDIT_COSTS.intentPerEmail,
};

/** Card validation charge (spec §9): 1 dollar adds 10 credits. */
export const CARD_VALIDATION_CHARGE_USD = 1;
export const CARD_VALIDATION_CREDITS = 10;
/** A balance at or below this many credits is low: the low-credits email (issue 33) and the header's notice. */
export const LOW_CREDITS_THRESHOLD = 50;
/** Additional purchased credits stay valid this many months. */
export const ADDITIONAL_CREDITS_VALID_MONTHS = 12;
/** Balance buckets in the order they are spent. */
export const CREDIT_SPEND_ORDER = ['monthly', 'additional', 'rolled_over'] as const;
/** Credit sale price must be above this many cents. */
export const MIN_CREDIT_SALE_PRICE_CENTS = 12;
/** Sales-page expiry: at most this many days; missing or larger gives one year. */
export const SALES_EXPIRY_MAX_DAYS = 365;

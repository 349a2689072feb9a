/** The seeded demo accounts (api/README.md). */
export const ACCOUNTS = {
  admin: { email: 'admin@leadsmith.test', password: 'leadsmith-admin', name: 'super admin' },
  reseller: { email: 'reseller@leadsmith.test', password: 'leadsmith-reseller', name: 'reseller' },
  customer: { email: 'customer@leadsmith.test', password: 'leadsmith-customer', name: 'customer' },
  basic: { email: 'basic@leadsmith.test', password: 'leadsmith-basic', name: 'no-module user' },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

import { COST_PER_RECORD, CREDIT_COSTS } from '@leadsmith/shared/constants';

/** Credit costs per item (spec §9) and per record of each search type: the one table in shared, which the screens show. */
export { COST_PER_RECORD, CREDIT_COSTS };

// The ledger itself (spend, grant, balance, expiry lots, auto top-up) lives in api/src/credits/ledger.ts.
export { creditBalance, spendCredits } from '../../credits/ledger';

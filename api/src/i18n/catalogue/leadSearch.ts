import type { Translations } from './types';

/** Messages of lead search (searches, lists, results). */
export const leadSearchMessages = {} satisfies Record<string, Translations>;

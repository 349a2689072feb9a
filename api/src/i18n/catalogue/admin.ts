import type { Translations } from './types';

/** Messages of the super-admin area. */
export const adminMessages = {} satisfies Record<string, Translations>;

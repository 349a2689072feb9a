import type { Translations } from './types';

/** Messages of the white-label area. */
export const whitelabelMessages = {} satisfies Record<string, Translations>;

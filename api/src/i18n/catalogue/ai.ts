import type { Translations } from './types';

/** Messages of the AI provider and AI area. */
export const aiMessages = {} satisfies Record<string, Translations>;

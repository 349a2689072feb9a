import type { Translations } from './types';

/** Messages of remote delivery (registry, releases, diagnostics). */
export const deliveryMessages = {} satisfies Record<string, Translations>;

import type { Translations } from './types';

/** Messages of the Settings area (business profile, wallet, integrations, team, API keys, courses). */
export const settingsMessages = {} satisfies Record<string, Translations>;

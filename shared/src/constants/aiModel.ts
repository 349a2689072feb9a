/**
 * Spec §9 "The GPT-3.5 version has no bulk actions": a model of the GPT-3.5 class (its id names gpt-3.5)
 * runs AI actions on one result at a time; bulk AI actions are hidden and refused (ADR 026).
 */
export const AI_MODEL_CLASSES = ['gpt-3.5', 'current'] as const;
export type AiModelClass = (typeof AI_MODEL_CLASSES)[number];

export const aiModelClass = (model: string): AiModelClass => (/gpt-?3\.5/i.test(model) ? 'gpt-3.5' : 'current');

/** Whether AI actions may run on more than one result at once with this model. */
export const aiBulkActions = (model: string): boolean => aiModelClass(model) !== 'gpt-3.5';

/** Models the super admin may pick when the operator lists none (AI_MODELS). */
export const DEFAULT_AI_MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-3.5-turbo'] as const;

/** The platform's AI model: what the super admin may pick, and what every AI feature runs on. */
import { DEFAULT_AI_MODELS } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import { validationError } from '../../http/errors';
import { aiProvider } from '../../providers/ai';
import { chosenAiModel, saveChosenAiModel } from './aiModel.repository';

/** The models the super admin may pick: the operator's AI_MODELS (comma separated), else the defaults, always with the configured one. */
export function availableAiModels(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = (env.AI_MODELS ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return [...new Set([aiProvider().info.model, ...(listed.length ? listed : DEFAULT_AI_MODELS)])];
}

/** The platform's AI model: the super admin's choice, else the provider's configured model. */
export async function platformAiModel(db: Queryable): Promise<string> {
  return (await chosenAiModel(db)) ?? aiProvider().info.model;
}

/** The super admin picks one of availableAiModels() (400 on model otherwise); answers it and the list. */
export async function choosePlatformAiModel(
  db: Queryable,
  requested: string,
  actorId: number,
): Promise<{ model: string; models: string[] }> {
  const model = requested.trim();
  const models = availableAiModels();
  if (!models.includes(model)) throw validationError({ field: 'model', code: 'validation.invalid' });
  await saveChosenAiModel(db, model, actorId);
  return { model, models };
}

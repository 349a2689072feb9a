import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/context';
import { StringEnum, Type } from '../../http/contract';
import {
  PROMPT_LIST_TYPES,
  PROMPT_MAX_LENGTH,
  PROMPT_TITLE_MAX_LENGTH,
  PROMPT_TYPES,
} from '../leadSearch/promptDefaults';
import { defineAdminCrud } from './crud.routes';

/**
 * The AI assistant's default prompts every user starts from, by prompt type and list type (`library` prompts form the
 * library users pick from): the types, list types and lengths of the users' own prompts (leadSearch/promptDefaults.ts).
 */
export function adminPromptRoutes(api: FastifyInstance, deps: AppDeps): void {
  defineAdminCrud(api, deps, {
    entity: 'prompt',
    noun: 'default AI prompt',
    table: 'admin_default_prompts',
    path: '/api/admin/ai-prompts',
    labelColumn: 'title',
    orderBy: 't.prompt_type, t.list_type, t.id',
    filters: [
      { name: 'prompt_type', values: PROMPT_TYPES },
      { name: 'list_type', values: PROMPT_LIST_TYPES },
    ],
    fields: {
      title: Type.String({ minLength: 1, maxLength: PROMPT_TITLE_MAX_LENGTH, pattern: '\\S' }),
      prompt_type: StringEnum(PROMPT_TYPES),
      list_type: StringEnum(PROMPT_LIST_TYPES),
      prompt: Type.String({ minLength: 1, maxLength: PROMPT_MAX_LENGTH, pattern: '\\S' }),
      active: Type.Optional(Type.Boolean()),
    },
    messages: { created: 'admin.prompt_created', updated: 'admin.prompt_updated', deleted: 'admin.prompt_deleted' },
  });
}

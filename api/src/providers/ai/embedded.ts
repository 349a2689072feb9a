import type { Language } from '../../i18n/messages';
import { estimateTokens, fillPlaceholders, type AiProvider, type GenerateRequest, type GenerateResult } from './types';

/**
 * A template of the embedded engine: the answer to one task, computed only from the request's
 * variables (business profile fields, training material) and language. Same input, same answer.
 */
export type EmbeddedTemplate = (
  variables: Readonly<Record<string, string>>,
  language: Language,
  request: GenerateRequest,
) => string;

const templates = new Map<string, EmbeddedTemplate>();

/**
 * Adds (or replaces) the embedded engine's template for a task. AI features register theirs
 * beside their route code; returns an undo (tests).
 */
export function registerEmbeddedTemplate(task: string, template: EmbeddedTemplate): () => void {
  const previous = templates.get(task);
  templates.set(task, template);
  return () => (previous ? templates.set(task, previous) : templates.delete(task));
}

/** A task without its own template: the filled prompt, worked into a short deterministic answer. */
function genericAnswer(request: GenerateRequest): string {
  const filled = fillPlaceholders(request.prompt, request.variables).trim();
  return request.json ? JSON.stringify({ answer: filled }) : filled;
}

/** Cuts an answer to about `maxTokens` tokens, at a word boundary. */
function limit(text: string, maxTokens: number): string {
  const maxChars = maxTokens * 4;
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${space > maxChars / 2 ? cut.slice(0, space) : cut}…`;
}

/** The built-in engine: deterministic templates, no network, no key. Works offline and in tests. */
export function createEmbeddedProvider(): AiProvider {
  return {
    info: { provider: 'embedded', embedded: true, model: 'leadsmith-templates-1' },
    async generate(request: GenerateRequest): Promise<GenerateResult> {
      const template = templates.get(request.task);
      const raw = template
        ? template(request.variables ?? {}, request.language ?? 'en', request)
        : genericAnswer(request);
      // JSON answers are never cut (they must stay parseable); templates keep them small.
      const text = request.json ? raw : limit(raw, request.maxTokens ?? 800);
      const promptText = `${request.system ?? ''}\n${fillPlaceholders(request.prompt, request.variables)}`;
      return {
        text,
        provider: 'embedded',
        model: 'leadsmith-templates-1',
        usage: { promptTokens: estimateTokens(promptText), completionTokens: estimateTokens(text) },
      };
    },
  };
}

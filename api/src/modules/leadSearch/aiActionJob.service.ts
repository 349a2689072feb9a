/**
 * AI list actions: prompts run on a list's results (runAiPrompts, also used by autopilots) and the
 * steps of an AI job, which the `ai-list-action` worker (api/src/workers/aiJob.ts) carries out.
 * aiActions.service.ts starts jobs; aiActions.repository.ts holds the SQL.
 */
import type { Db, Queryable } from '../../db';
import { claimEffects, settleEffects } from '../../effects/externalEffects';
import { ApiError, unprocessable } from '../../http/errors';
import { isLanguage, type Language } from '../../i18n/messages';
import { registerEmbeddedTemplate, type AiProvider } from '../../providers/ai';
import { profileCompleted } from '../../modules/ai/common';
import { loadProfile, type ProfileFields } from '../../modules/ai/profile.repository';
import { accountIdOf } from '../../modules/settings/account.repository';
import { loadCampaign } from './campaigns.service';
import { resolvePrompts } from './fineTunes.service';
import { isPersonList } from './promptDefaults';
import { platformAiModel } from '../admin/aiModel.service';
import { resultWhere } from './resultQuery.repository';
import {
  aiResultRows,
  findAiJob,
  markAiJobDone,
  markAiJobFailed,
  nextAiRowIds,
  recordAiJobProgress,
  storeAiTexts,
  userLang,
  type AiJobRow,
  type AiResultRow as ResultRow,
} from './aiActions.repository';

/** Most results one AI action handles (the first ones matching, by id), and most prompts it runs per result. */
export { AI_MAX_PROMPTS, AI_MAX_ROWS } from '@leadsmith/shared/constants';
/** A selection this small runs inside the request; bigger ones are stepped by the worker. */
export const AI_INLINE_ROWS = 10;
/** Results per worker step. */
export const AI_STEP_ROWS = 10;

/** What one prompt produced on a result, stored at `campaign_results.data.ai[<prompt id>]`. */
export interface AiText {
  prompt_id: number;
  prompt_type: string;
  title: string;
  text: string;
  provider: string;
  generated_at: string;
}

/** The `{name}` variables of a result (spec result fields), by list type. */
export function resultVariables(listType: string, row: Omit<ResultRow, 'id'>): Record<string, string> {
  const vars: Record<string, string> = {
    name: row.name ?? '',
    company: row.company ?? (isPersonList(listType) ? '' : (row.name ?? '')),
    website: row.website ?? '',
    city: row.city ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
  };
  if (isPersonList(listType)) {
    const [first = '', ...rest] = (row.name ?? '').trim().split(/\s+/);
    vars.first_name = first;
    vars.last_name = rest.join(' ');
    vars.job_title = row.job_title ?? '';
    vars.position = row.job_title ?? '';
  }
  if (listType === 'influencer') vars.followers = row.followers ?? '';
  return vars;
}

/** The business profile as prompt variables (names of `BUSINESS_VARIABLE_NAMES`). */
export function businessVariables(profile: ProfileFields): Record<string, string> {
  return {
    business_name: profile.business_name,
    business_website: profile.website,
    business_industry: profile.industry,
    business_description: profile.description,
    target_audience: profile.target_audience,
    products_services: profile.products_services,
    unique_selling_points: profile.unique_selling_points,
    business_location: profile.location,
  };
}

/** Spec §5: AI tools need a completed business profile (the account's, as in Settings). 422 `ai.profile_incomplete`. */
export async function requireProfileFor(db: Queryable, userId: number): Promise<ProfileFields> {
  const profile = await loadProfile(db, await accountIdOf(db, userId));
  if (!profile || !profileCompleted(profile)) throw unprocessable('ai.profile_incomplete');
  return profile;
}

const SYSTEM =
  'You write short, friendly, specific sales copy for the business described by the variables. Answer with the requested text only, no preamble, no placeholders, in the requested language.';

// The embedded engine's answers for the assistant's prompt types: deterministic, from the variables only.
const pick = (v: Readonly<Record<string, string>>, ...names: string[]) =>
  names.map((n) => v[n]?.trim()).find((x) => x) ?? '';
const firstClause = (text: string) => text.split(/[.;\n]/)[0]!.trim();
const EMBEDDED: Record<string, (v: Readonly<Record<string, string>>) => string> = {
  summary: (v) => {
    const who = pick(v, 'name', 'company');
    const role = v.job_title ? `${v.job_title}${v.company ? ` at ${v.company}` : ''}` : pick(v, 'company');
    return `${who}${role && role !== who ? ` (${role})` : ''}${v.city ? `, based in ${v.city}` : ''}. A good fit for ${pick(v, 'business_name')}: ${firstClause(pick(v, 'products_services'))} for ${firstClause(pick(v, 'target_audience')).toLowerCase()}.`;
  },
  first_line: (v) =>
    `${pick(v, 'first_name', 'name')}, I came across ${v.company && v.company !== v.name ? v.company : 'your work'}${v.city ? ` in ${v.city}` : ''} and thought ${firstClause(pick(v, 'products_services')).toLowerCase()} from ${pick(v, 'business_name')} could help${v.job_title ? ` a ${v.job_title} like you` : ''}.`,
  subject: (v) =>
    `${pick(v, 'company', 'name')} × ${pick(v, 'business_name')}: ${firstClause(pick(v, 'products_services')).split(/\s+/).slice(0, 4).join(' ')}`,
  direct: (v) =>
    `Hi ${pick(v, 'first_name', 'name')}, ${pick(v, 'business_name')} offers ${firstClause(pick(v, 'products_services')).toLowerCase()}. ${firstClause(pick(v, 'unique_selling_points', 'business_description'))}. Would ${pick(v, 'company', 'name')} be open to a short call this week?`,
  similar: (v) =>
    `Businesses like ${pick(v, 'company', 'name')}${v.city ? ` around ${v.city}` : ''} share its needs: ${firstClause(pick(v, 'target_audience')).toLowerCase()} are worth approaching with the same offer.`,
  competitor: (v) =>
    `${pick(v, 'business_name')} gives ${pick(v, 'company', 'name')} an edge over its competitors: ${firstClause(pick(v, 'unique_selling_points', 'products_services')).toLowerCase()}.`,
  supplier: (v) =>
    `${pick(v, 'company', 'name')} would choose ${pick(v, 'business_name')} as a supplier for ${firstClause(pick(v, 'products_services')).toLowerCase()}: ${firstClause(pick(v, 'unique_selling_points', 'business_description')).toLowerCase()}.`,
};
for (const [type, answer] of Object.entries(EMBEDDED))
  registerEmbeddedTemplate(`lead_assistant_${type}`, (variables) => answer(variables));

async function userLanguage(db: Queryable, userId: number): Promise<Language> {
  const lang = await userLang(db, userId);
  return isLanguage(lang) ? lang : 'en';
}

/**
 * Runs the user's prompts on results of one of the user's lists: fills each prompt's variables from
 * the result and the business profile, asks the AI provider and stores the answer on the result at
 * `data.ai[<prompt id>]` (an `AiText`). Results of other lists (or still "looking") are skipped.
 *
 * - Throws ApiError 404 for another account's list or prompt, 422 `ai.profile_incomplete` when the
 *   business profile is not done (spec §5). AI actions cost no credits (spec §9 lists no cost).
 * - A result counts as processed when every prompt answered, failed otherwise (provider errors are
 *   caught per result; what did answer is still stored). No transaction is held across provider calls.
 */
export async function runAiPrompts(
  db: Db,
  ai: AiProvider,
  args: {
    userId: number;
    campaignId: number;
    resultIds: number[];
    promptIds: number[];
    /**
     * The idempotency key of a result's AI calls in a job (external_effects): a result whose key is
     * done, failed, or being worked on by another worker is skipped, so no result is asked twice.
     */
    effectKey?: (resultId: number) => string;
  },
): Promise<{ processed: number; failed: number; skipped: number }> {
  const campaign = await loadCampaign(db, args.userId, args.campaignId);
  const prompts = await resolvePrompts(db, args.userId, args.promptIds);
  const profile = await requireProfileFor(db, args.userId);
  if (args.resultIds.length === 0 || prompts.length === 0) return { processed: 0, failed: 0, skipped: 0 };
  const language = await userLanguage(db, args.userId);
  const business = businessVariables(profile);
  const rows = await aiResultRows(db, campaign.id, args.resultIds);
  let processed = 0;
  let failed = 0;
  const model = await platformAiModel(db);
  const keyOf = args.effectKey;
  const owned = keyOf
    ? await claimEffects(
        db,
        'ai_call',
        rows.map((r) => keyOf(r.id)),
      )
    : null;
  for (const row of rows) {
    if (owned && !owned.has(keyOf!(row.id))) continue;
    const variables = { ...business, ...resultVariables(campaign.list_type, row) };
    const texts: Record<string, AiText> = {};
    let ok = true;
    for (const prompt of prompts) {
      try {
        const answer = await ai.generate({
          task: `lead_assistant_${prompt.prompt_type}`,
          system: SYSTEM,
          prompt: prompt.prompt,
          variables,
          maxTokens: 300,
          language,
          model,
        });
        texts[String(prompt.id)] = {
          prompt_id: prompt.id,
          prompt_type: prompt.prompt_type,
          title: prompt.title,
          text: answer.text.trim(),
          provider: answer.provider,
          generated_at: new Date().toISOString(),
        };
      } catch {
        ok = false;
      }
    }
    // The answers and the record that this result's calls happened, together.
    await db.transaction(async (tx) => {
      if (Object.keys(texts).length > 0) await storeAiTexts(tx, campaign.id, row.id, texts);
      if (keyOf)
        await settleEffects(tx, [
          { key: keyOf(row.id), ok, outcome: { answered: Object.keys(texts).length, asked: prompts.length } },
        ]);
    });
    if (ok) processed += 1;
    else failed += 1;
  }
  return { processed, failed, skipped: rows.length - processed - failed };
}

// ---------------------------------------------------------------------------------------------
// AI jobs: the 'ai' toolbar action over a selection or every row matching the filters.
// ---------------------------------------------------------------------------------------------

export function selectionSql(campaignId: number, selection: AiJobRow['selection']) {
  if (selection.ids)
    return {
      sql: 'r.campaign_id = $1 AND r.id = ANY($2::bigint[])',
      params: [campaignId, `{${selection.ids.join(',')}}`],
    };
  return resultWhere(campaignId, { ...(selection.filters ?? {}), page: 1 });
}

/** The idempotency key of one result's AI calls in one job. */
const aiKey = (jobId: number) => (resultId: number) => `ai:${jobId}:${resultId}`;

/**
 * One step of an AI job: the next `AI_STEP_ROWS` results after the last one done (keyset by id),
 * within the job's first `total` rows. Each result's calls are claimed by key first, so a second
 * worker on the same job (or a retry after a crash) never asks the AI about a result twice, and the
 * job's counters are counted from those records. Returns false when the job has finished.
 */
export async function stepAiJob(db: Db, ai: AiProvider, jobId: number, rowsPerStep = AI_STEP_ROWS): Promise<boolean> {
  const job = await findAiJob(db, jobId);
  if (!job || job.status !== 'running') return false;
  const where = selectionSql(job.campaign_id, job.selection);
  const take = Math.min(rowsPerStep, job.total - job.done_rows);
  const ids = take > 0 ? await nextAiRowIds(db, where, Number(job.last_id), take) : [];
  if (ids.length === 0) {
    await markAiJobDone(db, job.id);
    return false;
  }
  let outcome: Awaited<ReturnType<typeof runAiPrompts>>;
  try {
    outcome = await runAiPrompts(db, ai, {
      userId: job.user_id,
      campaignId: job.campaign_id,
      resultIds: ids,
      promptIds: job.prompt_ids,
      effectKey: aiKey(job.id),
    });
  } catch (error) {
    // The list, a prompt or the profile went away meanwhile: the job ends with the reason.
    const code = error instanceof ApiError ? error.code : 'ai.provider_unavailable';
    await markAiJobFailed(db, job.id, code);
    return false;
  }
  // Another worker is asking about these results right now (or one that died left them, until their
  // lease ends): leave the progress to it and come back later.
  if (outcome.skipped > 0 && outcome.processed + outcome.failed === 0)
    throw new Error(`AI job ${job.id}: its next results are being worked on by another worker`);
  const lastId = ids[ids.length - 1]!;
  const keys = `ai:${job.id}:%`;
  // Progress only moves forward; the counts are the settled records, whoever settled them.
  return (await recordAiJobProgress(db, job.id, lastId, ids.length, keys)) === 'running';
}

/**
 * The lists' rules: names and tags are trimmed (tags once each), a new list and its list.created webhook
 * deliveries commit together, a change of its details is written to the list's history, and every change
 * answers the list as it now is; a list that is not the owner's (or is in the trash) is a 404, here for every
 * feature that reads one list. The routes parse and answer; the SQL is in campaigns.repository.ts.
 */
import { isUniqueViolation, type Db, type Queryable, type SqlParam } from '../../db';
import { ApiError } from '../../http/errors';
import type { JobQueue } from '../../queue/jobQueue';
import { queueWebhookEvent } from '../../workers/settingsWebhook';
import {
  findCampaign,
  findCampaignWith,
  insertCampaign,
  listCampaigns,
  lockRunningSearches,
  nameInTrash,
  setCampaignsArchived,
  trashCampaigns,
  updateCampaign,
  type CampaignListQuery,
} from './campaigns.repository';
import type { CampaignDto } from './campaigns.schemas';
import { recordOperation } from './listOperations.repository';
import { stopJob } from './searchJobs.service';
import { recordListEvent, type ListActor } from './listHistory.repository';
import type { SearchType } from '../../providers/leads';

export const notFound = () => new ApiError(404, 'not_found');

/** The user's campaign with its latest job; another account's id, a list in the trash (or none) → 404. */
export async function loadCampaign(
  db: Queryable,
  userId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<CampaignDto> {
  const campaign = await findCampaign(db, userId, id, opts);
  if (!campaign) throw notFound();
  return campaign;
}

/** The list, its latest job and the caller's `extraSql` in one statement (findCampaignWith); 404 when not the user's. */
export async function loadCampaignWith<T>(
  db: Queryable,
  userId: number,
  id: number,
  extraSql: string,
  params: readonly SqlParam[],
): Promise<{ campaign: CampaignDto; rows: T }> {
  const found = await findCampaignWith<T>(db, userId, id, extraSql, params);
  if (!found) throw notFound();
  return found;
}

const cleanTags = (tags: string[]) => [...new Set(tags.map((t) => t.trim()))];
const cleanSource = (source: string | null | undefined) => (source === undefined ? undefined : source?.trim() || null);

export interface CampaignInput {
  name: string;
  list_type: SearchType;
  tags?: string[];
  source?: string | null;
  is_demo?: boolean;
}

/**
 * A second list of the same name for one account (case-insensitive, campaigns_user_name_key) is refused on
 * its name field. A list in the trash keeps its name until it is deleted forever, and the answer says so.
 */
async function uniqueName<T>(db: Db, userId: number, name: string | undefined, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const trashed = await nameInTrash(db, userId, name ?? '');
    throw new ApiError(409, trashed ? 'leadSearch.list_name_in_trash' : 'leadSearch.list_name_taken', {
      field: 'name',
    });
  }
}

export function campaignService({ db, queue, now }: { db: Db; queue: JobQueue; now: () => Date }) {
  /** The owner's list, or 404 after a change that matched nothing. */
  const reload = async (userId: number, id: number, changed: boolean): Promise<CampaignDto> => {
    if (!changed) throw notFound();
    return loadCampaign(db, userId, id);
  };

  return {
    list: (userId: number, query: CampaignListQuery) => listCampaigns(db, userId, query),

    one: (userId: number, id: number) => loadCampaign(db, userId, id),

    async create(userId: number, input: CampaignInput): Promise<CampaignDto> {
      const id = await uniqueName(db, userId, input.name.trim(), () =>
        db.transaction(async (tx) => {
          const created = await insertCampaign(tx, userId, {
            name: input.name.trim(),
            list_type: input.list_type,
            tags: cleanTags(input.tags ?? []),
            source: cleanSource(input.source) ?? null,
            is_demo: input.is_demo ?? false,
          });
          const list = {
            id: created.id,
            name: created.name,
            list_type: created.list_type,
            created_at: new Date(created.created_at).toISOString(),
          };
          await queueWebhookEvent(queue, tx, userId, 'list.created', { list }, now());
          return created.id;
        }),
      );
      return loadCampaign(db, userId, id);
    },

    async change(
      userId: number,
      actor: ListActor,
      id: number,
      change: { name?: string; tags?: string[]; source?: string | null },
    ): Promise<CampaignDto> {
      const name = change.name?.trim();
      const tags = change.tags && cleanTags(change.tags);
      const source = cleanSource(change.source);
      if (!(await uniqueName(db, userId, name, () => updateCampaign(db, userId, id, { name, tags, source }))))
        throw notFound();
      await recordListEvent(db, id, actor, 'details_change', {
        name: name ?? null,
        tags: tags ? tags.join(', ') : null,
        source: change.source?.trim() ?? null,
      });
      return loadCampaign(db, userId, id);
    },

    /** Tags and source together (the list details screen): an absent source clears it. */
    async setDetails(
      userId: number,
      actor: ListActor,
      id: number,
      tagList: string[],
      sourceText: string | null | undefined,
    ): Promise<CampaignDto> {
      const tags = cleanTags(tagList);
      const source = cleanSource(sourceText) ?? null;
      if (!(await updateCampaign(db, userId, id, { tags, source }))) throw notFound();
      await recordListEvent(db, id, actor, 'details_change', { tags: tags.join(', '), source });
      return loadCampaign(db, userId, id);
    },

    /**
     * Moves lists to the trash with an undoable operation (null when none was the owner's, or all were in the
     * trash already). A search still running into a list is stopped: nothing is charged for a deleted list.
     */
    async trash(userId: number, ids: readonly number[]): Promise<{ count: number; undoId: number | null }> {
      return db.transaction(async (tx) => {
        const moved = await trashCampaigns(tx, userId, ids, now());
        if (moved.length === 0) return { count: 0, undoId: null };
        for (const jobId of await lockRunningSearches(tx, moved)) await stopJob(tx, queue, jobId);
        return { count: moved.length, undoId: await recordOperation(tx, userId, 'delete', moved, now()) };
      });
    },

    /** One list to the trash; 404 when it is not the owner's (or already in the trash). */
    async remove(userId: number, id: number): Promise<number> {
      const { undoId } = await this.trash(userId, [id]);
      if (undoId === null) throw notFound();
      return undoId;
    },

    async archive(
      userId: number,
      id: number,
      archived: boolean,
    ): Promise<{ campaign: CampaignDto; undoId: number | null }> {
      const { matched, undoId } = await this.archiveMany(userId, [id], archived);
      return { campaign: await reload(userId, id, matched > 0), undoId };
    },

    /** Ids of other accounts are ignored, never touched. The operation undoes only the lists whose state changed. */
    async archiveMany(
      userId: number,
      ids: readonly number[],
      archived: boolean,
    ): Promise<{ matched: number; undoId: number | null }> {
      return db.transaction(async (tx) => {
        const { matched, changed } = await setCampaignsArchived(tx, userId, ids, archived);
        const undoId = changed.length
          ? await recordOperation(tx, userId, archived ? 'archive' : 'unarchive', changed, now())
          : null;
        return { matched, undoId };
      });
    },
  };
}

import type { Db } from '../../db';
import { notFound } from './campaigns.service';
import { deleteLabel, findLabel, type LabelRow, lockLabelName, updateLabel } from './labels.repository';
import { dropLabel, renameLabel } from './resultLabels.repository';

/** The account's label with its result count; 404 when it is not the account's. */
export async function loadLabel(db: Db, userId: number, id: number): Promise<LabelRow> {
  const row = await findLabel(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Renames and/or recolours the account's label in one transaction; a rename rewrites every result of the
 * account carrying the old name (once, even if it already had the new one). 404 when it is not the account's.
 */
export async function editLabel(
  db: Db,
  userId: number,
  id: number,
  { name, color }: { name?: string; color?: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockLabelName(tx, userId, id);
    if (current === undefined) throw notFound();
    await updateLabel(tx, id, name ?? null, color ?? null);
    if (name && name !== current) {
      // The results carrying the old name get the new one (once, even if they already had it).
      await renameLabel(tx, userId, current, name);
    }
  });
}

/** Deletes the account's label and takes it off every result, in one transaction; answers how many results changed. */
export async function removeLabel(db: Db, userId: number, id: number): Promise<number> {
  return db.transaction(async (tx) => {
    const name = await deleteLabel(tx, userId, id);
    if (name === undefined) throw notFound();
    return dropLabel(tx, userId, name);
  });
}

import type { Db } from '../../db';
import { readMaintenance, writeMaintenance } from '../../ops/maintenance';
import { writeAudit } from '../admin/audit.repository';

export interface MaintenanceChange {
  enabled: boolean;
  message: string;
  retry_after_seconds: number;
}

/** The super admin's switch: the new state and its audit row in one transaction (the actor is the real admin). */
export async function switchMaintenance(db: Db, actorId: number, change: MaintenanceChange, at: Date): Promise<void> {
  const before = await readMaintenance(db, true);
  const next = {
    enabled: change.enabled,
    message: change.message.trim(),
    retry_after_seconds: change.retry_after_seconds,
  };
  await db.transaction(async (tx) => {
    await writeMaintenance(db, tx, next, actorId, at);
    await writeAudit(tx, {
      actorId,
      action: next.enabled ? 'maintenance_on' : 'maintenance_off',
      entity: 'maintenance',
      entityId: 1,
      before: { enabled: before.enabled, message: before.message, retry_after_seconds: before.retry_after_seconds },
      after: next,
      at,
    });
  });
}

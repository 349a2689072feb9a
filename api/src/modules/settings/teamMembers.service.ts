import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../auth/passwords';
import type { Db, Queryable } from '../../db';
import { isUniqueViolation } from '../../db';
import type { AppDeps } from '../../http/context';
import { forbidden, unprocessable, validationError } from '../../http/errors';
import type { Language } from '../../i18n/messages';
import { sendTemplatedMail } from '../../mail/templatedMail';
import { normaliseEmail, type ModuleSlug } from '../../users/users';
import { notFound } from './account.service';
import {
  heldModules,
  insertMember,
  memberOf,
  nameOf,
  renameMember,
  setMemberAccess,
  teamOwnerIdOf,
  type MemberRow,
} from './teamMembers.repository';

/**
 * Team members (manage-team): users whose team_owner_id is the signed-in user.
 * Their access is a selection of the owner's own modules (never `admin`); at
 * least one is required (spec §5). A member signs in after setting a password
 * through "Forgot password" (the invitation email says so).
 */

/** The modules an owner may grant: their own, never admin. */
export async function accessOptions(q: Queryable, ownerId: number): Promise<ModuleSlug[]> {
  return (await heldModules(q, ownerId)).filter((s) => s !== 'admin');
}

/** The user as a team's owner: team members cannot run teams of their own (403). */
export async function teamOwnerFor(db: Queryable, userId: number): Promise<number> {
  if (await teamOwnerIdOf(db, userId)) throw forbidden();
  return userId;
}

async function checkAccess(db: Queryable, owner: number, access: readonly ModuleSlug[]): Promise<void> {
  if (access.length === 0) throw validationError({ field: 'access', code: 'settings.select_access' });
  const allowed = await accessOptions(db, owner);
  if (access.some((slug) => !allowed.includes(slug)))
    throw validationError({ field: 'access', code: 'validation.invalid' });
}

interface Invitation {
  first_name: string;
  last_name: string;
  email: string;
  access: ModuleSlug[];
}

/** Adds a team member to the owner's team and emails them the invitation; answers them and their normalised email. */
export async function inviteMember(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>,
  owner: { id: number; email: string },
  body: Invitation,
  lang: Language,
): Promise<{ member: MemberRow; email: string }> {
  const { db, clock } = deps;
  const email = normaliseEmail(body.email);
  if (email === owner.email) throw unprocessable('settings.same_email', 'email');
  await checkAccess(db, owner.id, body.access);
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const now = clock.now();
  const ownerRow = await nameOf(db, owner.id);
  const ownerName = `${ownerRow?.first_name ?? ''} ${ownerRow?.last_name ?? ''}`.trim() || owner.email;
  try {
    const member = await db.transaction(async (tx) => {
      const id = await insertMember(
        tx,
        {
          email,
          passwordHash,
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          ownerId: owner.id,
          lang,
        },
        now,
      );
      await setMemberAccess(tx, id, body.access);
      // In the brand of the owner's reseller (if any), in the language the owner invited in.
      await sendTemplatedMail(tx, deps, { kind: 'team_invitation', userId: id, vars: { owner: ownerName } });
      return memberOf(tx, id);
    });
    return { member, email };
  } catch (error) {
    if (isUniqueViolation(error)) throw unprocessable('email_taken', 'email');
    throw error;
  }
}

/** Renames the owner's team member and replaces their access (404 for anyone else). */
export async function changeMember(
  { db, clock }: { db: Db; clock: { now(): Date } },
  ownerId: number,
  id: number,
  body: { first_name: string; last_name: string; access: ModuleSlug[] },
): Promise<MemberRow> {
  await checkAccess(db, ownerId, body.access);
  return db.transaction(async (tx) => {
    const renamed = await renameMember(
      tx,
      id,
      ownerId,
      { firstName: body.first_name.trim(), lastName: body.last_name.trim() },
      clock.now(),
    );
    if (!renamed) throw notFound();
    await setMemberAccess(tx, id, body.access);
    return memberOf(tx, id);
  });
}

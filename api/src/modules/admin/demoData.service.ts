import type { Clock } from '../../clock';
import { isoDate } from '../../clock';
import type { Db } from '../../db';
import {
  demoSeeded,
  insertDemoCatalogue,
  insertDemoLedger,
  insertDemoSessions,
  insertDemoUsers,
  type DemoUser,
} from './demoData.repository';

/** Demo activity for the admin charts: plans, ~40 customers spread over a year, their searches (credit debits) and sign-ins. */
export const DEMO_DOMAIN = 'demo.leadsmith.test';
const DEMO_USERS = 40;
const DAY_MS = 24 * 3600_000;
const SEARCH_REASONS = [
  'Search: people',
  'Search: local',
  'Search: company',
  'Search: domain',
  'Search: influencer',
  'Search: intent',
];
const FIRST = ['Alex', 'Jamie', 'Robin', 'Sam', 'Taylor', 'Jordan', 'Quinn', 'Drew', 'Kai', 'Noa'];
const LAST = ['Hart', 'Lopez', 'Moreau', 'Becker', 'Singh', 'Okafor', 'Rossi', 'Kim'];

/** Deterministic pseudo-random numbers: the same demo every time. */
function generator(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

/** Idempotent: does nothing once the demo plans exist. Bulk statements, so it stays fast on PGlite. */
export async function seedAdminDemo(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  await db.transaction(async (tx) => {
    if (await demoSeeded(tx, `demo-01@${DEMO_DOMAIN}`)) return;
    const { plans, partners } = await insertDemoCatalogue(tx, DEMO_DOMAIN, now);

    const rand = generator(42);
    const users: DemoUser[] = [];
    for (let i = 1; i <= DEMO_USERS; i++) {
      const ageDays = 10 + Math.floor(((DEMO_USERS - i) / DEMO_USERS) * 355) + rand(5);
      // Last-login buckets: recent, within 30, within 90, older, never.
      const bucket = i % 5;
      const loginDays = [rand(7), 8 + rand(20), 31 + rand(55), 91 + rand(200), -1][bucket]!;
      users.push({
        email: `demo-${String(i).padStart(2, '0')}@${DEMO_DOMAIN}`,
        firstName: FIRST[i % FIRST.length]!,
        lastName: LAST[i % LAST.length]!,
        createdAt: new Date(now.getTime() - ageDays * DAY_MS).toISOString(),
        lastLoginAt:
          loginDays < 0 || loginDays > ageDays ? null : new Date(now.getTime() - loginDays * DAY_MS).toISOString(),
        deletedAt: i % 9 === 0 ? new Date(now.getTime() - rand(60) * DAY_MS).toISOString() : null,
        userType: i % 7 === 0 ? 'reseller' : 'customer',
        subscriptionStatus: ['active', 'active', 'active', 'trialing', 'canceled', 'past_due', null][i % 7]!,
        planId: i % 6 === 5 ? null : plans[i % plans.length]!,
        searchesUsed: rand(400),
        referralPartnerId: i % 4 === 0 ? null : partners[i % 3 === 0 ? 0 : i % 2]!,
      });
    }
    const ids = await insertDemoUsers(tx, users, isoDate(new Date(now.getTime() - 12 * DAY_MS)));

    // The ledger: a monthly grant, then searches (debits) on random days since the account was created.
    const lUser: number[] = [];
    const lDelta: number[] = [];
    const lBucket: string[] = [];
    const lReason: string[] = [];
    const lAt: string[] = [];
    const tUser: number[] = [];
    const tAt: string[] = [];
    ids.forEach((id, index) => {
      const since = new Date(users[index]!.createdAt).getTime();
      for (let day = Math.floor((now.getTime() - since) / DAY_MS); day >= 0; day -= 30) {
        const grantAt = now.getTime() - day * DAY_MS;
        lUser.push(id);
        lDelta.push(500);
        lBucket.push('monthly');
        lReason.push('Monthly plan credits');
        lAt.push(new Date(grantAt).toISOString());
        const searches = 2 + rand(10);
        for (let s = 0; s < searches; s++) {
          const at = grantAt + rand(Math.min(30, day + 1)) * DAY_MS + rand(DAY_MS);
          if (at > now.getTime()) continue;
          lUser.push(id);
          lDelta.push(-(5 + rand(40)));
          lBucket.push('monthly');
          lReason.push(SEARCH_REASONS[rand(SEARCH_REASONS.length)]!);
          lAt.push(new Date(at).toISOString());
        }
      }
      // Sign-ins over the last 90 days (login activity).
      const logins = index % 5 === 4 ? 0 : 3 + rand(20);
      for (let k = 0; k < logins; k++) {
        const at = now.getTime() - rand(90) * DAY_MS - rand(DAY_MS);
        if (at < since) continue;
        tUser.push(id);
        tAt.push(new Date(at).toISOString());
      }
    });
    await insertDemoLedger(tx, { userId: lUser, delta: lDelta, bucket: lBucket, reason: lReason, at: lAt }, ids, now);
    await insertDemoSessions(tx, tUser, tAt);
  });
}

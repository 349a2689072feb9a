import { Type, type Static } from '../../http/contract';

const Month = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'YYYY-MM' });

/** Platform figures for the dashboard charts. */
export const Dashboard = Type.Object({
  users: Type.Object({
    active: Type.Integer(),
    deleted: Type.Integer(),
    by_type: Type.Array(Type.Object({ user_type: Type.String(), count: Type.Integer() })),
  }),
  signups_by_month: Type.Array(Type.Object({ month: Month, count: Type.Integer() })),
  activity_by_month: Type.Array(
    Type.Object({
      month: Month,
      searches: Type.Integer(),
      credits_used: Type.Integer(),
      credits_added: Type.Integer(),
    }),
  ),
  subscriptions: Type.Array(Type.Object({ status: Type.String(), count: Type.Integer() })),
  plans: Type.Array(Type.Object({ plan: Type.String(), count: Type.Integer() })),
});
export type DashboardDto = Static<typeof Dashboard>;

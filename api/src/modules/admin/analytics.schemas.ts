import { StringEnum, Type, type Static } from '../../http/contract';

const Day = Type.String({ format: 'date' });
export const CreditUsage = Type.Object({
  days: Type.Array(Type.Object({ date: Day, credits_used: Type.Integer(), searches: Type.Integer() })),
  by_type: Type.Array(
    Type.Object({
      type: Type.String({
        description: 'What the credits were spent on (people, local, get-phones, workflow, …; other for the rest)',
      }),
      credits_used: Type.Integer(),
    }),
  ),
  top_users: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), credits_used: Type.Integer() }),
  ),
});
export type CreditUsageDto = Static<typeof CreditUsage>;
export const LoginActivity = Type.Object({
  days: Type.Array(Type.Object({ date: Day, logins: Type.Integer(), users: Type.Integer() })),
  last_login_buckets: Type.Array(
    Type.Object({ bucket: StringEnum(['7', '30', '90', 'over_90', 'never'] as const), count: Type.Integer() }),
  ),
});
export type LoginActivityDto = Static<typeof LoginActivity>;
export const MonthlyCreditUsage = Type.Object({
  months: Type.Array(
    Type.Object({
      month: Type.String({ description: 'YYYY-MM' }),
      monthly: Type.Integer(),
      additional: Type.Integer(),
      rolled_over: Type.Integer(),
      total: Type.Integer(),
    }),
  ),
});
export type MonthlyCreditUsageDto = Static<typeof MonthlyCreditUsage>;

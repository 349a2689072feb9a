import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  api,
  LOW_CREDITS_THRESHOLD,
  paths,
  useCurrentUser,
  userHasModule,
  useSessionStore,
} from '@leadsmith/shared/core';
import { creditBalanceLink } from './accountMenuModel';

const creditBalanceKeys = { of: (token: string | null) => ['shell', 'credit-balance', token] as const };

/** GET /api/user-limits (any signed-in user): the header shows its credit total. */
const creditBalanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: creditBalanceKeys.of(token),
    queryFn: async ({ signal }) =>
      (await api.get('/api/user-limits', { config: { signal, silent: true } })).credits.total,
    enabled: token !== null,
    // Searches spend credits in the background after their request has returned: look again now and then.
    refetchInterval: 60_000,
    retry: false,
  });

/**
 * The credit balance, always in the header, linking to the wallet (or credit usage without one), with a
 * "running low" link to the wallet at or below LOW_CREDITS_THRESHOLD. Every
 * successful mutation in any area may have spent or bought credits, so each one refreshes it.
 */
export function CreditBalance() {
  const { t } = useTranslation('common');
  const token = useSessionStore((s) => s.token);
  const user = useCurrentUser();
  const client = useQueryClient();
  const balance = useQuery(creditBalanceQueryOptions(token));

  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success')
          void client.invalidateQueries({ queryKey: creditBalanceKeys.of(token) });
      }),
    [client, token],
  );

  if (balance.data === undefined) return null;
  // At or below the low-credits threshold (the low-credits email's), a user who can buy credits is told so.
  const low = balance.data <= LOW_CREDITS_THRESHOLD && userHasModule(user?.modules, 'wallet');
  return (
    <>
      <Link
        to={creditBalanceLink(user?.modules)}
        className="ls-credits"
        title={t('account.creditsTitle')}
        data-testid="header-credits"
      >
        {t('account.creditsLink', { count: balance.data })}
      </Link>
      {low ? (
        <Link to={paths.settings.wallet()} className="ls-credits-low" data-testid="low-credits">
          {t('account.lowCredits')}
        </Link>
      ) : null}
    </>
  );
}

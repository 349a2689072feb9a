import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, useCurrentUser, useSessionStore } from '@leadsmith/shared/core';
import { creditBalanceLink } from './accountMenuModel';

const creditBalanceKeys = { of: (token: string | null) => ['shell', 'credit-balance', token] as const };

/** GET /api/user-limits (any signed-in user): the header shows its credit total. */
const creditBalanceQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: creditBalanceKeys.of(token),
    queryFn: async ({ signal }) => (await api.get('/api/user-limits', { config: { signal, silent: true } })).credits.total,
    enabled: token !== null,
    // Searches spend credits in the background after their request has returned: look again now and then.
    refetchInterval: 60_000,
    retry: false,
  });

/**
 * The credit balance, always in the header, linking to the wallet (or credit usage without one). Every
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
        if (event.type === 'updated' && event.action.type === 'success') void client.invalidateQueries({ queryKey: creditBalanceKeys.of(token) });
      }),
    [client, token],
  );

  if (balance.data === undefined) return null;
  return (
    <Link to={creditBalanceLink(user?.modules)} className="ls-credits" title={t('account.creditsTitle')} data-testid="header-credits">
      {t('account.creditsLink', { count: balance.data })}
    </Link>
  );
}

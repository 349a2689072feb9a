import { Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDeleteButton,
  DataTable,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
  type Column,
} from '@leadsmith/shared';
import { useDeleteCard, useSetDefaultCard } from '../api/card-actions';
import { useChargeStatus } from '../api/get-charge';
import { useCharges, type Charge } from '../api/get-charges';
import { useWallet, type Wallet } from '../api/get-wallet';

type Lot = Wallet['lots'][number];
type Card = Wallet['cards'][number];
import { AddCardForm } from './AddCardForm';
import { useConfirmCharge } from '../api/confirm-charge';
import { AutoTopUpForm } from './AutoTopUpForm';
import { TopUpForm } from './TopUpForm';

/** A balance, its number grouped in the user's language (1,050 · 1.050 · 1 050), as the header's credit balance is. */
function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  const { i18n } = useTranslation('settings');
  return (
    <Box borderWidth="1px" rounded="md" p={4}>
      <Text color="text.primary">{label}</Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
        {new Intl.NumberFormat(i18n.language).format(value)}
      </Text>
    </Box>
  );
}

/** "Payment succeeded!" / "Your payment is processing", following a processing charge until it settles. */
function PaymentStatus({ charge }: { charge: Charge }) {
  const { t } = useTranslation('settings');
  const followed = useChargeStatus(charge.status === 'processing' ? charge.id : null);
  const status = followed.data?.status ?? charge.status;
  const succeeded = status === 'succeeded';
  return (
    <Box
      role="status"
      data-testid="payment-status"
      borderWidth="1px"
      rounded="md"
      p={3}
      mb={4}
      bg={succeeded ? 'green.50' : 'orange.50'}
      borderColor={succeeded ? 'green.300' : 'orange.300'}
    >
      <Text fontWeight="semibold" color={succeeded ? 'green.900' : 'orange.900'}>
        {succeeded
          ? t('wallet.paymentSucceeded')
          : status === 'processing'
            ? t('wallet.paymentProcessing')
            : status === 'requires_action'
              ? t('wallet.reconnect')
              : t('wallet.paymentFailed')}
      </Text>
    </Box>
  );
}

/** The bank asked for authentication: "Card must be reconnected for security reasons", and the way to do it. */
function ReconnectCard({ wallet, onPaid }: { wallet: Wallet; onPaid: (charge: Charge) => void }) {
  const { t } = useTranslation('settings');
  const confirm = useConfirmCharge(onPaid);
  const waiting = wallet.charge_waiting_for_confirmation;
  return (
    <Box mt={2}>
      <Text role="alert" color="orange.900" fontSize="sm" mb={waiting ? 2 : 0}>
        {t('wallet.reconnect')}
      </Text>
      {waiting ? (
        <Button size="sm" colorPalette="brand" loading={confirm.isPending} onClick={() => confirm.mutate(waiting)}>
          {t('wallet.confirmCard')}
        </Button>
      ) : null}
      {confirm.error ? (
        <Text role="alert" color="red.700" fontSize="sm">
          {confirm.error.message}
        </Text>
      ) : null}
    </Box>
  );
}

function Balance({ wallet }: { wallet: Wallet }) {
  const { t, i18n } = useTranslation('settings');
  const lotColumns: Column<Lot>[] = [
    {
      key: 'credits',
      header: t('wallet.lotCredits'),
      render: (lot) => t('wallet.lotRemaining', { remaining: lot.remaining, amount: lot.amount }),
    },
    {
      key: 'expires',
      header: t('wallet.lotExpires'),
      render: (lot) => new Date(lot.expires_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
    },
  ];
  return (
    <Box as="section" aria-labelledby="wallet-balance" mb={8}>
      <Heading as="h2" id="wallet-balance" size="md" mb={3}>
        {t('wallet.balanceTitle')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 4 }} gap={4} mb={3}>
        <Stat label={t('wallet.total')} value={wallet.balance.total} testId="balance-total" />
        <Stat label={t('wallet.monthly')} value={wallet.balance.monthly} testId="balance-monthly" />
        <Stat label={t('wallet.additional')} value={wallet.balance.additional} testId="balance-additional" />
        <Stat label={t('wallet.rolledOver')} value={wallet.balance.rolled_over} testId="balance-rolled-over" />
      </SimpleGrid>
      <Text mb={3}>{t('wallet.order')}</Text>
      {wallet.lots.length > 0 ? (
        <Box maxW="xl">
          <DataTable label={t('wallet.lotsTitle')} rows={wallet.lots} rowKey={(lot) => lot.id} columns={lotColumns} />
        </Box>
      ) : (
        <Text>{t('wallet.validity')}</Text>
      )}
    </Box>
  );
}

function Cards({ wallet, onPaid }: { wallet: Wallet; onPaid: (charge: Charge) => void }) {
  const { t } = useTranslation('settings');
  const makeDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const cardLabel = (card: Card) => t('wallet.cardLabel', { brand: card.brand, last4: card.last4 });
  const columns: Column<Card>[] = [
    {
      key: 'card',
      header: t('wallet.card'),
      render: (card) => (
        <>
          <HStack>
            <Text>{cardLabel(card)}</Text>
            {card.is_default ? <Badge colorPalette="green">{t('wallet.default')}</Badge> : null}
          </HStack>
          {card.needs_reconnect ? <ReconnectCard wallet={wallet} onPaid={onPaid} /> : null}
        </>
      ),
    },
    {
      key: 'expires',
      header: t('wallet.expires'),
      render: (card) => `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`,
    },
    {
      key: 'actions',
      header: t('apiKeys.actions'),
      render: (card) => (
        <HStack gap={2} wrap="wrap">
          {card.is_default ? null : (
            <Button
              size="sm"
              variant="outline"
              aria-label={t('wallet.makeDefaultItem', { item: cardLabel(card) })}
              loading={makeDefault.isPending && makeDefault.variables === card.id}
              onClick={() => makeDefault.mutate(card.id)}
            >
              {t('wallet.makeDefault')}
            </Button>
          )}
          <ConfirmDeleteButton
            itemLabel={cardLabel(card)}
            loading={remove.isPending && remove.variables === card.id}
            onConfirm={() => remove.mutate(card.id)}
          />
        </HStack>
      ),
    },
  ];
  return (
    <Box as="section" aria-labelledby="wallet-cards" mb={8}>
      <Heading as="h2" id="wallet-cards" size="md" mb={3}>
        {t('wallet.cardsTitle')}
      </Heading>
      <Box mb={4}>
        <DataTable
          label={t('wallet.cardsTitle')}
          rows={wallet.cards}
          rowKey={(card) => card.id}
          columns={columns}
          empty={t('wallet.noCards')}
        />
      </Box>
      <AddCardForm wallet={wallet} onPaid={onPaid} />
    </Box>
  );
}

function History() {
  const { t, i18n } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const charges = useCharges(page);
  const chargeColumns: Column<Charge>[] = [
    {
      key: 'date',
      header: t('wallet.date'),
      render: (c) => new Date(c.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    },
    { key: 'kind', header: t('wallet.kind'), render: (c) => t(`wallet.kinds.${c.kind}`) },
    {
      key: 'amount',
      header: t('wallet.amount'),
      render: (c) =>
        new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(c.amount_cents / 100),
    },
    { key: 'credits', header: t('wallet.credits'), render: (c) => c.credits },
    { key: 'status', header: t('wallet.status'), render: (c) => t(`wallet.statuses.${c.status}`) },
  ];
  return (
    <Box as="section" aria-labelledby="wallet-history">
      <Heading as="h2" id="wallet-history" size="md" mb={3}>
        {t('wallet.historyTitle')}
      </Heading>
      {charges.isPending ? (
        <Spinner role="status" aria-label={t('training.loading')} />
      ) : charges.isError ? (
        <ErrorState title={t('wallet.loadFailed')} onRetry={() => void charges.refetch()} />
      ) : (
        <DataTable
          label={t('wallet.historyTitle')}
          rows={charges.data.data}
          rowKey={(c) => c.id}
          columns={chargeColumns}
          empty={t('wallet.noPayments')}
        />
      )}
      {charges.data ? (
        <Pagination
          label={t('wallet.historyTitle')}
          page={charges.data.currentPage}
          pageSize={charges.data.pageSize}
          total={charges.data.total}
          onChange={setPage}
          hideSinglePage
        />
      ) : null}
    </Box>
  );
}

/** Wallet (module wallet): balance by bucket with expiry, cards, top-ups, auto top-up, payment history; its tables, confirm-delete and pager from the shared kit. */
export function WalletPage() {
  const { t } = useTranslation('settings');
  const wallet = useWallet();
  const [lastCharge, setLastCharge] = useState<Charge | null>(null);
  return (
    <Box>
      <PageHeader title={t('routes.wallet')} />
      {wallet.isPending ? (
        <PageSpinner />
      ) : wallet.isError ? (
        <ErrorState title={t('wallet.loadFailed')} onRetry={() => void wallet.refetch()} />
      ) : (
        <>
          {lastCharge ? <PaymentStatus key={lastCharge.id} charge={lastCharge} /> : null}
          <Balance wallet={wallet.data} />
          <Cards wallet={wallet.data} onPaid={setLastCharge} />
          <Flex gap={6} direction={{ base: 'column', lg: 'row' }} mb={8}>
            <TopUpForm wallet={wallet.data} onPaid={setLastCharge} />
            <AutoTopUpForm wallet={wallet.data} />
          </Flex>
          <History />
        </>
      )}
    </Box>
  );
}

import { Badge, Box, Button, Flex, Heading, HStack, SimpleGrid, Spinner, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { Pagination } from '../../../components/Pagination';
import { useDeleteCard, useSetDefaultCard } from '../api/card-actions';
import { useChargeStatus } from '../api/get-charge';
import { useCharges, type Charge } from '../api/get-charges';
import { useWallet, type Wallet } from '../api/get-wallet';
import { AddCardForm } from './AddCardForm';
import { useConfirmCharge } from '../api/confirm-charge';
import { AutoTopUpForm } from './AutoTopUpForm';
import { TopUpForm } from './TopUpForm';

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box borderWidth="1px" rounded="md" p={4}>
      <Text color="text.primary">{label}</Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={testId}>
        {value}
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
    <Box role="status" data-testid="payment-status" borderWidth="1px" rounded="md" p={3} mb={4} bg={succeeded ? 'green.50' : 'orange.50'} borderColor={succeeded ? 'green.300' : 'orange.300'}>
      <Text fontWeight="semibold" color={succeeded ? 'green.900' : 'orange.900'}>
        {succeeded ? t('wallet.paymentSucceeded') : status === 'processing' ? t('wallet.paymentProcessing') : status === 'requires_action' ? t('wallet.reconnect') : t('wallet.paymentFailed')}
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
        <Table.ScrollArea borderWidth="1px" rounded="md" maxW="xl">
          <Table.Root size="sm" aria-label={t('wallet.lotsTitle')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('wallet.lotCredits')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.lotExpires')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {wallet.lots.map((lot) => (
                <Table.Row key={lot.id}>
                  <Table.Cell>{t('wallet.lotRemaining', { remaining: lot.remaining, amount: lot.amount })}</Table.Cell>
                  <Table.Cell>{new Date(lot.expires_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' })}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
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
  return (
    <Box as="section" aria-labelledby="wallet-cards" mb={8}>
      <Heading as="h2" id="wallet-cards" size="md" mb={3}>
        {t('wallet.cardsTitle')}
      </Heading>
      {wallet.cards.length === 0 ? (
        <Text mb={3}>{t('wallet.noCards')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md" mb={4}>
          <Table.Root size="sm" aria-label={t('wallet.cardsTitle')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('wallet.card')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.expires')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('apiKeys.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {wallet.cards.map((card) => {
                const label = t('wallet.cardLabel', { brand: card.brand, last4: card.last4 });
                return (
                  <Table.Row key={card.id}>
                    <Table.Cell>
                      <HStack>
                        <Text>{label}</Text>
                        {card.is_default ? <Badge colorPalette="green">{t('wallet.default')}</Badge> : null}
                      </HStack>
                      {card.needs_reconnect ? <ReconnectCard wallet={wallet} onPaid={onPaid} /> : null}
                    </Table.Cell>
                    <Table.Cell>{`${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`}</Table.Cell>
                    <Table.Cell>
                      <HStack gap={2} wrap="wrap">
                        {card.is_default ? null : (
                          <Button size="sm" variant="outline" aria-label={t('wallet.makeDefaultItem', { item: label })} loading={makeDefault.isPending && makeDefault.variables === card.id} onClick={() => makeDefault.mutate(card.id)}>
                            {t('wallet.makeDefault')}
                          </Button>
                        )}
                        <ConfirmDeleteButton itemLabel={label} loading={remove.isPending && remove.variables === card.id} onConfirm={() => remove.mutate(card.id)} />
                      </HStack>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <AddCardForm wallet={wallet} onPaid={onPaid} />
    </Box>
  );
}

function History() {
  const { t, i18n } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const charges = useCharges(page);
  return (
    <Box as="section" aria-labelledby="wallet-history">
      <Heading as="h2" id="wallet-history" size="md" mb={3}>
        {t('wallet.historyTitle')}
      </Heading>
      {charges.isPending ? (
        <Spinner role="status" aria-label={t('training.loading')} />
      ) : charges.isError ? (
        <ErrorState title={t('wallet.loadFailed')} onRetry={() => void charges.refetch()} />
      ) : charges.data.data.length === 0 ? (
        <Text>{t('wallet.noPayments')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={t('wallet.historyTitle')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('wallet.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.credits')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('wallet.status')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {charges.data.data.map((c) => (
                <Table.Row key={c.id}>
                  <Table.Cell>{new Date(c.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Cell>
                  <Table.Cell>{t(`wallet.kinds.${c.kind}`)}</Table.Cell>
                  <Table.Cell>{new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(c.amount_cents / 100)}</Table.Cell>
                  <Table.Cell>{c.credits}</Table.Cell>
                  <Table.Cell>{t(`wallet.statuses.${c.status}`)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {charges.data ? <Pagination label={t('wallet.historyTitle')} page={charges.data.currentPage} pageSize={charges.data.pageSize} total={charges.data.total} onPageChange={setPage} /> : null}
    </Box>
  );
}

/** Wallet (module wallet): balance by bucket with expiry, cards, top-ups, auto top-up, payment history. */
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

import { Badge, Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { DataTable, ErrorState, PageSpinner } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatUsd } from '../../../components/formatting';
import {
  useCheckLeadSource,
  useLeadSources,
  useSaveLeadSource,
  useSaveLeadSourceOrder,
  type CheckResult,
  type LeadSource,
  type LeadSourceId,
  type SourceUse,
} from '../api/leadSources';

/** Key field of one keyed source: write-only (the saved key is never shown back). */
function KeyEditor({ source }: { source: LeadSource }) {
  const { t } = useTranslation('admin');
  const save = useSaveLeadSource();
  const [key, setKey] = useState('');
  const name = t(`leadSources.names.${source.id}`);
  return (
    <Flex gap={2} align="center" wrap="wrap">
      <Input
        size="sm"
        type="password"
        autoComplete="off"
        maxW="14rem"
        aria-label={t('leadSources.keyFor', { name })}
        value={key}
        onChange={(e) => setKey(e.target.value)}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={!key.trim()}
        loading={save.isPending}
        onClick={() => save.mutate({ id: source.id, change: { api_key: key.trim() } }, { onSuccess: () => setKey('') })}
      >
        {t('leadSources.saveKey')}
      </Button>
      {source.key_from === 'admin' ? (
        <Button size="sm" variant="ghost" onClick={() => save.mutate({ id: source.id, change: { api_key: null } })}>
          {t('leadSources.removeKey')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** The cost of one call of the source (USD), which the cost this month is counted from. */
function CostEditor({ source }: { source: LeadSource }) {
  const { t } = useTranslation('admin');
  const save = useSaveLeadSource();
  const [cost, setCost] = useState(source.cost_per_call === null ? '' : String(source.cost_per_call));
  const name = t(`leadSources.names.${source.id}`);
  const value = cost.trim() === '' ? null : Number(cost);
  const valid = value === null || (Number.isFinite(value) && value >= 0 && value <= 1000);
  return (
    <Flex gap={2} align="center" wrap="wrap" justify="flex-end">
      <Input
        size="sm"
        type="number"
        inputMode="decimal"
        min={0}
        max={1000}
        step="any"
        maxW="7rem"
        aria-label={t('leadSources.costPerCallFor', { name })}
        aria-invalid={!valid}
        value={cost}
        onChange={(e) => setCost(e.target.value)}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={!valid || value === source.cost_per_call}
        loading={save.isPending}
        onClick={() => save.mutate({ id: source.id, change: { cost_per_call: value } })}
      >
        {t('leadSources.saveCost')}
      </Button>
      {!valid ? (
        <Text role="alert" fontSize="sm" color="red.700">
          {t('leadSources.costInvalid')}
        </Text>
      ) : null}
    </Flex>
  );
}

function CheckButton({ source }: { source: LeadSource }) {
  const { t } = useTranslation('admin');
  const check = useCheckLeadSource();
  const [result, setResult] = useState<CheckResult | null>(null);
  return (
    <Flex gap={2} align="center">
      <Button
        size="sm"
        variant="outline"
        loading={check.isPending}
        onClick={() => check.mutate(source.id, { onSuccess: (answer) => setResult(answer.result) })}
      >
        {t('leadSources.check')}
      </Button>
      {result ? (
        <Text role="status" fontSize="sm" color={result.ok ? 'green.700' : 'red.700'}>
          {result.ok ? t('leadSources.checkOk') : t(`leadSources.errors.${result.code}`, { defaultValue: result.code })}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The order one use tries its sources in, with a button to move each one up. */
function OrderEditor({ use, order }: { use: SourceUse; order: LeadSourceId[] }) {
  const { t } = useTranslation('admin');
  const save = useSaveLeadSourceOrder();
  const moveUp = (index: number) => {
    const next = [...order];
    [next[index - 1], next[index]] = [next[index]!, next[index - 1]!];
    save.mutate({ use, sources: next });
  };
  return (
    <Box
      as="section"
      aria-label={t(`leadSources.uses.${use}`)}
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p={3}
    >
      <Text fontWeight="semibold" mb={2}>
        {t(`leadSources.uses.${use}`)}
      </Text>
      <Stack as="ol" gap={1} ps={5} listStyleType="decimal">
        {order.map((id, index) => (
          <Flex as="li" key={id} gap={2} align="center" justify="space-between">
            <Text>{t(`leadSources.names.${id}`)}</Text>
            {index > 0 ? (
              <Button
                size="xs"
                variant="ghost"
                onClick={() => moveUp(index)}
                aria-label={t('leadSources.moveUp', {
                  name: t(`leadSources.names.${id}`),
                  use: t(`leadSources.uses.${use}`),
                })}
              >
                ↑
              </Button>
            ) : null}
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}

/** Admin → Searchers: every lead source, its key (write-only), on/off, health, usage, and the order per search type. */
export function LeadSourcesPanel() {
  const { t } = useTranslation('admin');
  const sources = useLeadSources();
  const save = useSaveLeadSource();
  if (sources.isPending) return <PageSpinner />;
  if (sources.isError) return <ErrorState title={t('kit.loadFailed')} onRetry={() => void sources.refetch()} />;
  const { order } = sources.data;
  const ordered = (Object.keys(order) as SourceUse[]).filter((use) => order[use].length > 1);
  return (
    <Box as="section" aria-labelledby="lead-sources-heading" mb={8}>
      <Heading as="h2" id="lead-sources-heading" size="md" mb={3}>
        {t('leadSources.heading')}
      </Heading>
      <DataTable
        label={t('leadSources.heading')}
        rows={sources.data.sources}
        rowKey={(s) => s.id}
        columns={[
          {
            key: 'name',
            header: t('leadSources.source'),
            render: (s) => (
              <Box>
                <Text fontWeight="semibold">{t(`leadSources.names.${s.id}`)}</Text>
                <Text fontSize="sm">{s.serves.map((use) => t(`leadSources.uses.${use}`)).join(', ')}</Text>
              </Box>
            ),
          },
          {
            key: 'enabled',
            header: t('leadSources.status'),
            render: (s) => (
              <Flex gap={2} align="center" wrap="wrap">
                <Badge colorPalette={s.enabled ? 'green' : 'gray'}>
                  {s.enabled ? t('leadSources.on') : t('leadSources.off')}
                </Badge>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => save.mutate({ id: s.id, change: { enabled: !s.enabled } })}
                  aria-label={t(s.enabled ? 'leadSources.turnOff' : 'leadSources.turnOn', {
                    name: t(`leadSources.names.${s.id}`),
                  })}
                >
                  {s.enabled ? t('leadSources.turnOffShort') : t('leadSources.turnOnShort')}
                </Button>
              </Flex>
            ),
          },
          {
            key: 'key',
            header: t('leadSources.key'),
            render: (s) =>
              s.keyed ? (
                <Stack gap={1}>
                  <Text fontSize="sm">
                    {s.key_set ? t(`leadSources.keyFrom.${s.key_from}`) : t('leadSources.keyNotSet')}
                  </Text>
                  <KeyEditor source={s} />
                </Stack>
              ) : (
                <Text fontSize="sm">{t('leadSources.keyless')}</Text>
              ),
          },
          {
            key: 'usage',
            header: t('leadSources.callsThisMonth'),
            end: true,
            render: (s) => (
              <Box>
                <Text>{formatNumber(s.calls_this_month)}</Text>
                {s.failures_this_month ? (
                  <Text fontSize="sm">{t('leadSources.failures', { count: s.failures_this_month })}</Text>
                ) : null}
                {s.units_this_month ? (
                  <Text fontSize="sm">
                    {t('leadSources.units', { count: s.units_this_month, units: formatNumber(s.units_this_month) })}
                  </Text>
                ) : null}
              </Box>
            ),
          },
          {
            key: 'cost',
            header: t('leadSources.costThisMonth'),
            end: true,
            render: (s) => (
              <Stack gap={1} align="flex-end">
                <Text data-testid={`cost-${s.id}`}>
                  {s.cost_this_month === null ? t('leadSources.costNotSet') : formatUsd(s.cost_this_month)}
                </Text>
                {s.cost_per_call !== null ? (
                  <Text fontSize="sm">{t('leadSources.costPerCall', { cost: formatUsd(s.cost_per_call) })}</Text>
                ) : null}
                <CostEditor key={String(s.cost_per_call)} source={s} />
              </Stack>
            ),
          },
          {
            key: 'health',
            header: t('leadSources.health'),
            render: (s) => (
              <Stack gap={1}>
                <CheckButton source={s} />
                {s.last_error ? (
                  <Text fontSize="sm">
                    {t('leadSources.lastError', {
                      error: t(`leadSources.errors.${s.last_error}`, { defaultValue: s.last_error }),
                    })}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
        ]}
      />
      <Heading as="h3" size="sm" mt={6} mb={2}>
        {t('leadSources.orderHeading')}
      </Heading>
      <Text fontSize="sm" mb={3}>
        {t('leadSources.orderHelp')}
      </Text>
      <Flex gap={4} wrap="wrap">
        {ordered.map((use) => (
          <OrderEditor key={use} use={use} order={order[use]} />
        ))}
      </Flex>
    </Box>
  );
}

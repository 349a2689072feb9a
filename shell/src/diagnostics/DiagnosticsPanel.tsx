import { Box, Button, Flex, Heading, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { AREA_CONTRACT_VERSION } from '@leadsmith/shared';
import { diagnosticsSnapshot, subscribeDiagnostics } from '../federation/diagnostics';
import { registryQueryOptions } from '../federation/remoteRegistry';

export interface DiagnosticsPanelProps {
  /** Admins see manifest URLs, registry sources and error details; `?debug` alone does not. */
  detailed: boolean;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" mt={4} aria-label={title}>
      <Heading as="h3" size="sm" mb={2}>
        {title}
      </Heading>
      <Box overflowX="auto">{children}</Box>
    </Box>
  );
}

/** Which remotes this page uses, from where, how fast, and which shared versions run. */
export function DiagnosticsPanel({ detailed, onClose }: DiagnosticsPanelProps) {
  const { t } = useTranslation('common');
  const domain = window.location.hostname;
  const registry = useQuery(registryQueryOptions(domain));
  const snapshot = useSyncExternalStore(subscribeDiagnostics, diagnosticsSnapshot);
  const registryRows = Object.entries(registry.data?.remotes ?? {}).sort(([a], [b]) => a.localeCompare(b));

  return (
    <Box
      as="section"
      id="leadsmith-diagnostics"
      aria-labelledby="leadsmith-diagnostics-title"
      data-testid="diagnostics-panel"
      position="fixed"
      right={4}
      bottom={4}
      zIndex="modal"
      w={{ base: 'calc(100vw - 2rem)', md: '44rem' }}
      maxH="70vh"
      overflowY="auto"
      bg="white"
      color="gray.900"
      borderWidth="1px"
      borderRadius="md"
      boxShadow="lg"
      p={4}
      fontSize="sm"
    >
      <Flex align="center" gap={2}>
        <Heading as="h2" id="leadsmith-diagnostics-title" size="md" flex="1">
          {t('diagnostics.title')}
        </Heading>
        <Button size="xs" variant="outline" onClick={onClose}>
          {t('diagnostics.close')}
        </Button>
      </Flex>
      <Text mt={1}>{t('diagnostics.shellContract', { version: AREA_CONTRACT_VERSION })}</Text>
      <Text>{t('diagnostics.domain', { domain })}</Text>
      {detailed ? null : <Text mt={1}>{t('diagnostics.limited')}</Text>}

      <Section title={t('diagnostics.registry')}>
        <Table.Root size="sm" data-testid="diagnostics-registry">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('diagnostics.remote')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('diagnostics.version')}</Table.ColumnHeader>
              {detailed ? <Table.ColumnHeader>{t('diagnostics.source')}</Table.ColumnHeader> : null}
              {detailed ? <Table.ColumnHeader>{t('diagnostics.url')}</Table.ColumnHeader> : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {registryRows.map(([name, entry]) => (
              <Table.Row key={name} data-remote={name}>
                <Table.Cell>{name}</Table.Cell>
                <Table.Cell>{entry.version}</Table.Cell>
                {detailed ? (
                  <Table.Cell>
                    {t(
                      `diagnostics.sources.${entry.source === 'pinned' || entry.source === 'canary' ? entry.source : 'default'}`,
                    )}
                  </Table.Cell>
                ) : null}
                {detailed ? <Table.Cell wordBreak="break-all">{entry.manifestUrl}</Table.Cell> : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Section>

      <Section title={t('diagnostics.loaded')}>
        {snapshot.remotes.length === 0 ? (
          <Text>{t('diagnostics.notLoaded')}</Text>
        ) : (
          <Table.Root size="sm" data-testid="diagnostics-loaded">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('diagnostics.remote')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.version')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.loadTime')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.contract')}</Table.ColumnHeader>
                {detailed ? <Table.ColumnHeader>{t('diagnostics.url')}</Table.ColumnHeader> : null}
                {detailed ? <Table.ColumnHeader>{t('diagnostics.error')}</Table.ColumnHeader> : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {snapshot.remotes.map((r) => (
                <Table.Row key={r.remote} data-remote={r.remote}>
                  <Table.Cell>{r.remote}</Table.Cell>
                  <Table.Cell>{r.version}</Table.Cell>
                  <Table.Cell>{t(`diagnostics.statuses.${r.status}`)}</Table.Cell>
                  <Table.Cell>{r.loadMs === undefined ? '—' : t('diagnostics.ms', { ms: r.loadMs })}</Table.Cell>
                  <Table.Cell>{r.contractVersion ?? '—'}</Table.Cell>
                  {detailed ? <Table.Cell wordBreak="break-all">{r.manifestUrl}</Table.Cell> : null}
                  {detailed ? <Table.Cell wordBreak="break-word">{r.error ?? '—'}</Table.Cell> : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      <Section title={t('diagnostics.mismatches')}>
        {snapshot.mismatches.length === 0 ? (
          <Text>{t('diagnostics.noMismatch')}</Text>
        ) : (
          <Table.Root size="sm" data-testid="diagnostics-mismatches">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('diagnostics.module')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.container')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.offered')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.required')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.inUse')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('diagnostics.satisfied')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {snapshot.mismatches.map((m) => (
                <Table.Row key={`${m.name}|${m.container}|${m.registeredVersion}`} data-module={m.name}>
                  <Table.Cell>{m.name}</Table.Cell>
                  <Table.Cell>{m.container}</Table.Cell>
                  <Table.Cell>{m.registeredVersion}</Table.Cell>
                  <Table.Cell>{m.requiredVersion || t('diagnostics.any')}</Table.Cell>
                  <Table.Cell>{m.inUse}</Table.Cell>
                  <Table.Cell>{m.satisfied ? t('diagnostics.yes') : t('diagnostics.no')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      <Section title={t('diagnostics.shared')}>
        <Table.Root size="sm" data-testid="diagnostics-shared">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('diagnostics.module')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('diagnostics.inUse')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('diagnostics.registeredBy')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {snapshot.shared.map((s) => (
              <Table.Row key={s.name} data-module={s.name}>
                <Table.Cell>{s.name}</Table.Cell>
                <Table.Cell>{s.inUse ?? '—'}</Table.Cell>
                <Table.Cell>{s.registered.map((r) => `${r.from} ${r.version}`).join(', ')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Section>
    </Box>
  );
}

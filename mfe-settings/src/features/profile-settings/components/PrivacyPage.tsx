import { Badge, Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, FilterSelect, PageHeader, PageSpinner, apiFieldErrors, useCurrentUser } from '@leadsmith/shared';
import {
  downloadExport,
  useCancelDeletion,
  usePrivacy,
  useRequestDeletion,
  useRequestExport,
  useSaveRetention,
  type Privacy,
} from '../api/privacy';
import { ProfileSettingsNav } from './ProfileSettingsNav';

const RETENTION_CHOICES = [3, 6, 12, 24, 36] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p={4} mb={6} maxW="2xl">
      <Heading as="h2" size="md" mb={2}>
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function ExportSection({ privacy }: { privacy: Privacy }) {
  const { t, i18n } = useTranslation('settings');
  const request = useRequestExport();
  const busy = privacy.exports.some((e) => e.status === 'queued' || e.status === 'running');
  return (
    <Section title={t('privacy.exportTitle')}>
      <Text mb={3}>{t('privacy.exportHelp')}</Text>
      <Button
        colorPalette="brand"
        onClick={() => request.mutate(undefined)}
        loading={request.isPending}
        disabled={busy}
      >
        {t('privacy.exportButton')}
      </Button>
      <Stack as="ul" mt={4} gap={2} listStyleType="none">
        {privacy.exports.map((e) => (
          <HStack as="li" key={e.id} gap={3}>
            <Text>
              {new Date(e.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
            </Text>
            <Badge>{t(`privacy.status.${e.status}`)}</Badge>
            {e.status === 'ready' && (
              <Button size="sm" variant="outline" onClick={() => void downloadExport(e.id)}>
                {t('privacy.download')}
              </Button>
            )}
          </HStack>
        ))}
      </Stack>
    </Section>
  );
}

function RetentionSection({ privacy }: { privacy: Privacy }) {
  const { t } = useTranslation('settings');
  const save = useSaveRetention();
  const [months, setMonths] = useState(privacy.retention_months === null ? '' : String(privacy.retention_months));
  return (
    <Section title={t('privacy.retentionTitle')}>
      <Text mb={3}>{t('privacy.retentionHelp')}</Text>
      <Box maxW="sm">
        <FilterSelect
          label={t('privacy.retentionLabel')}
          value={months}
          onChange={setMonths}
          allLabel={t('privacy.retentionKeep')}
          options={RETENTION_CHOICES.map((m) => ({
            value: String(m),
            label: t('privacy.retentionMonths', { count: m }),
          }))}
        />
      </Box>
      <Button mt={3} onClick={() => save.mutate(months === '' ? null : Number(months))} loading={save.isPending}>
        {t('privacy.retentionSave')}
      </Button>
    </Section>
  );
}

function DeletionSection({ privacy }: { privacy: Privacy }) {
  const { t, i18n } = useTranslation('settings');
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const [password, setPassword] = useState('');
  const error = request.error ? apiFieldErrors(request.error).password : undefined;
  if (privacy.deletion_due_at) {
    return (
      <Section title={t('privacy.deleteTitle')}>
        <Text mb={3} role="status">
          {t('privacy.deletionDue', {
            date: new Date(privacy.deletion_due_at).toLocaleDateString(i18n.language, { dateStyle: 'long' }),
          })}
        </Text>
        <Button onClick={() => cancel.mutate(undefined)} loading={cancel.isPending}>
          {t('privacy.cancelDeletion')}
        </Button>
      </Section>
    );
  }
  return (
    <Section title={t('privacy.deleteTitle')}>
      <Text mb={3}>{t('privacy.deleteHelp', { count: privacy.deletion_grace_days })}</Text>
      <Box maxW="sm">
        <Field.Root invalid={Boolean(error)} mb={4}>
          <Field.Label>{t('privacy.deletePassword')}</Field.Label>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error ? <Field.ErrorText color="red.700">{error}</Field.ErrorText> : null}
        </Field.Root>
      </Box>
      <Button
        colorPalette="red"
        onClick={() => request.mutate(password, { onSuccess: () => setPassword('') })}
        loading={request.isPending}
        disabled={password === ''}
      >
        {t('privacy.deleteButton')}
      </Button>
    </Section>
  );
}

/** Profile settings → Privacy: export all data, results retention, delete the account (owner only). */
export function PrivacyPage() {
  const { t } = useTranslation('settings');
  const user = useCurrentUser();
  // A team member acts on the owner's lists, but the account's data export and deletion are the owner's.
  const member = Boolean(user?.team_owner_id);
  const privacy = usePrivacy(!member);
  return (
    <Box>
      <PageHeader title={t('routes.privacy')} />
      <ProfileSettingsNav />
      {member && <Text role="status">{t('privacy.ownerOnly')}</Text>}
      {!member && privacy.isPending && <PageSpinner />}
      {privacy.isError && <ErrorState title={t('privacy.loadFailed')} onRetry={() => void privacy.refetch()} />}
      {privacy.data && (
        <>
          <ExportSection privacy={privacy.data} />
          <RetentionSection key={String(privacy.data.retention_months)} privacy={privacy.data} />
          <DeletionSection privacy={privacy.data} />
        </>
      )}
    </Box>
  );
}

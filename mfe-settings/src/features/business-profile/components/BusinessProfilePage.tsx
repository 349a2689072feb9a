import { Badge, Box, Link, Tabs, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, OnboardingTopics, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useBusinessProfile } from '../api/get-business-profile';
import { useTrainingItems } from '../api/get-training-items';
import type { LinkKind, TrainingFile, TrainingQa, TrainingText, WebsiteLink } from '../api/training-resources';
import { BusinessProfileForm } from './BusinessProfileForm';
import { CrawlForm } from './CrawlForm';
import { DefaultQuestions } from './DefaultQuestions';
import { FileUpload } from './FileUpload';
import { TrainingItemsTab } from './TrainingItemsTab';

const TABS = ['profile', 'websites', 'links', 'texts', 'qa', 'files'] as const;
type Tab = (typeof TABS)[number];

/** A file size in the language's number format and unit words (1,5 kB in German, 1.5 kB in English). */
function formatBytes(bytes: number, lang: string): string {
  const [value, unit, digits] =
    bytes < 1024
      ? [bytes, 'byte', 0]
      : bytes < 1024 * 1024
        ? [bytes / 1024, 'kilobyte', 1]
        : [bytes / 1024 / 1024, 'megabyte', 2];
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
  }).format(value);
}

function LinksTab({ kind }: { kind: LinkKind }) {
  const { t } = useTranslation('settings');
  return (
    <TrainingItemsTab<WebsiteLink>
      resource="website-links"
      kind={kind}
      title={t(kind === 'website' ? 'training.websitesTitle' : 'training.linksTitle')}
      fields={[{ name: 'url', label: t('training.fields.url'), max: 2000 }]}
      hideAddForm
      toValues={(link) => ({ url: link.url })}
      itemLabel={(link) => link.url}
      renderSummary={(link) => (
        <>
          <Text fontWeight="semibold">{link.title || link.url}</Text>
          <Link
            href={link.url}
            target="_blank"
            rel="noreferrer noopener"
            color="brand.fg"
            textDecoration="underline"
            wordBreak="break-all"
          >
            {link.url}
          </Link>
        </>
      )}
    >
      <CrawlForm kind={kind} />
    </TrainingItemsTab>
  );
}

function FilesTab() {
  const { t, i18n } = useTranslation('settings');
  // Page 1 of the same query the list shows: it carries the per-use size limit.
  const first = useTrainingItems<TrainingFile>({ resource: 'training-files', page: 1 });
  const maxMb = typeof first.data?.max_file_mb === 'number' ? first.data.max_file_mb : null;
  return (
    <TrainingItemsTab<TrainingFile>
      resource="training-files"
      title={t('training.filesTitle')}
      fields={[{ name: 'name', label: t('training.fields.fileName'), max: 255 }]}
      hideAddForm
      toValues={(file) => ({ name: file.name })}
      itemLabel={(file) => file.name}
      renderSummary={(file) => (
        <>
          <Text fontWeight="semibold" wordBreak="break-all">
            {file.name}
          </Text>
          <Text color="text.primary" fontSize="sm">
            {t('files.meta', {
              size: formatBytes(file.size_bytes, i18n.language),
              date: new Date(file.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
            })}
          </Text>
        </>
      )}
    >
      {maxMb !== null ? <FileUpload maxMb={maxMb} /> : null}
    </TrainingItemsTab>
  );
}

/** Settings → Business profile: the profile form plus the data-source tabs (spec §2). */
export function BusinessProfilePage() {
  const { t } = useTranslation('settings');
  const [params, setParams] = useSearchParams();
  const profile = useBusinessProfile();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : 'profile';

  return (
    <Box>
      <PageHeader title={t('routes.businessProfile')} />
      <OnboardingTopics variant="panel" />
      {profile.isPending ? (
        <PageSpinner />
      ) : profile.isError ? (
        <ErrorState title={t('businessProfile.loadFailed')} onRetry={() => void profile.refetch()} />
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={(e) => setParams(e.value === 'profile' ? {} : { tab: e.value }, { replace: true })}
          lazyMount
          variant="line"
        >
          <Tabs.List mb={6} flexWrap="wrap">
            {TABS.map((key) => (
              <Tabs.Trigger key={key} value={key}>
                {t(`businessProfile.tabs.${key}`)}
                {key === 'profile' && !profile.data.profile_completed ? (
                  <Badge colorPalette="orange" ml={2}>
                    {t('businessProfile.todo')}
                  </Badge>
                ) : null}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="profile">
            <BusinessProfileForm profile={profile.data} />
          </Tabs.Content>
          <Tabs.Content value="websites">
            <LinksTab kind="website" />
          </Tabs.Content>
          <Tabs.Content value="links">
            <LinksTab kind="single" />
          </Tabs.Content>
          <Tabs.Content value="texts">
            <TrainingItemsTab<TrainingText>
              resource="training-texts"
              title={t('training.textsTitle')}
              fields={[
                { name: 'title', label: t('training.fields.title'), max: 200 },
                { name: 'content', label: t('training.fields.content'), max: 20000, multiline: true },
              ]}
              toValues={(item) => ({ title: item.title, content: item.content })}
              itemLabel={(item) => item.title}
              renderSummary={(item) => (
                <>
                  <Text fontWeight="semibold">{item.title}</Text>
                  <Text color="text.primary" whiteSpace="pre-wrap" lineClamp={3}>
                    {item.content}
                  </Text>
                </>
              )}
            />
          </Tabs.Content>
          <Tabs.Content value="qa">
            <TrainingItemsTab<TrainingQa>
              resource="training-qa"
              title={t('training.qaTitle')}
              fields={[
                { name: 'question', label: t('training.fields.question'), max: 1000 },
                { name: 'answer', label: t('training.fields.answer'), max: 10000, multiline: true },
              ]}
              toValues={(item) => ({ question: item.question, answer: item.answer })}
              itemLabel={(item) => item.question}
              renderSummary={(item) => (
                <>
                  <Text fontWeight="semibold">{item.question}</Text>
                  <Text color="text.primary" whiteSpace="pre-wrap" lineClamp={3}>
                    {item.answer}
                  </Text>
                </>
              )}
            >
              <DefaultQuestions />
            </TrainingItemsTab>
          </Tabs.Content>
          <Tabs.Content value="files">
            <FilesTab />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Box>
  );
}

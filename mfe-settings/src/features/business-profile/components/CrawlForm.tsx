import { Box, Button, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, applyApiFieldErrors, useYupForm, v, yup } from '@leadsmith/shared';
import { useCrawlStatus } from '../api/check-crawled-status';
import { useStartCrawl } from '../api/start-crawl';
import { trainingKeys, type LinkKind } from '../api/training-resources';

const crawlSchema = yup.object({ website: v.required().max(2000) });

export interface CrawlFormProps {
  kind: LinkKind;
}

/**
 * Adds a website (crawled: same-host links) or a single link (one page). The job
 * starts pending and is polled every 2 s (spec §4) until it ends; the links found
 * are then shown here and appear in the stored list below.
 */
export function CrawlForm({ kind }: CrawlFormProps) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useYupForm(crawlSchema, { defaultValues: { website: '' } });
  const start = useStartCrawl();
  const [job, setJob] = useState<{ jobId: number; website: string } | null>(null);
  const status = useCrawlStatus(job);
  const state = status.data?.status;
  const prefix = `crawl.${kind}`;

  useEffect(() => {
    if (state && state !== 'pending')
      void queryClient.invalidateQueries({ queryKey: trainingKeys.resource('website-links', kind) });
  }, [state, kind, queryClient]);

  const handleSubmit = form.handleSubmit((values) =>
    start.mutate(
      { kind, website: values.website },
      {
        onSuccess: (data) => {
          setJob({ jobId: data.jobId, website: data.website });
          form.reset({ website: '' });
        },
        onError: (error) => applyApiFieldErrors(form, error),
      },
    ),
  );
  const busy = start.isPending || state === 'pending' || (job !== null && !status.data);

  return (
    <Box borderWidth="1px" rounded="md" p={4} mb={6}>
      <Heading as="h3" size="md" mb={3}>
        {t(`${prefix}.title`)}
      </Heading>
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          label={t(`${prefix}.label`)}
          type="url"
          placeholder="https://"
          registration={form.register('website')}
          error={form.formState.errors.website}
        />
        <Button type="submit" colorPalette="brand" size="sm" loading={start.isPending} disabled={busy}>
          {t(`${prefix}.submit`)}
        </Button>
      </form>
      {job ? (
        <Box mt={4} aria-live="polite">
          {busy ? (
            <HStack gap={2} role="status">
              <Spinner size="sm" aria-hidden />
              <Text>{t('crawl.pending', { website: job.website })}</Text>
            </HStack>
          ) : state === 'failed' ? (
            <Text color="red.700" role="alert">
              {t(status.data?.error === 'address_refused' ? 'crawl.refused' : 'crawl.failed', { website: job.website })}
            </Text>
          ) : state === 'completed' ? (
            <Box>
              <Text fontWeight="semibold" mb={2}>
                {t('crawl.done', { count: status.data?.linksData.length ?? 0, website: job.website })}
              </Text>
              <Stack as="ul" gap={1} pl={5} aria-label={t('crawl.foundLinks')}>
                {status.data?.linksData.map((link) => (
                  <li key={link.url}>
                    <Link
                      href={link.url}
                      target="_blank"
                      rel="noreferrer noopener"
                      color="brand.fg"
                      textDecoration="underline"
                    >
                      {link.title || link.url}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}

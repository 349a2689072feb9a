import { Box, DataList, Heading, HStack, Link as ChakraLink } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { parseListParam } from '../../../api/types';
import { useResult } from '../api/getResult';
import { EmailStatusBadge } from './EmailStatusBadge';

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** lead-search/saved-lists/{type}-{id}/{resultId}: one result with everything the search found. */
export function ResultDetailsScreen() {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const { typeId, resultId } = useParams();
  const list = parseListParam(typeId);
  const rid = Number(resultId);
  const valid = Boolean(list) && Number.isInteger(rid) && rid > 0;
  const result = useResult(list?.type ?? 'people', list?.id ?? 0, valid ? rid : 0);
  // Back restores the list exactly as it was (filters, page and view are in its URL).
  const header = <PageHeader title={t('routes.result')} onBack={() => navigate(-1)} />;
  if (!valid) {
    return (
      <Box>
        {header}
        <ErrorState title={t('errors.resultNotFound')} />
      </Box>
    );
  }
  if (result.isPending) {
    return (
      <Box>
        {header}
        <PageSpinner />
      </Box>
    );
  }
  if (result.isError) {
    return (
      <Box>
        {header}
        <ErrorState title={apiErrorMessage(result.error, t('errors.resultNotFound'))} onRetry={() => void result.refetch()} />
      </Box>
    );
  }
  const r = result.data;
  const social = (r.data.social ?? null) as Record<string, unknown> | null;
  const entries: [string, unknown][] = [
    ['company', r.company],
    ['jobTitle', r.job_title],
    ['email', r.email],
    ['phone', r.phone],
    ['website', r.website],
    ['city', r.city],
    ['country', r.data.country],
    ['department', r.data.department],
    ['seniority', r.data.seniority],
    ['managementLevel', r.data.management_level],
    ['category', r.data.category],
    ['employeeCount', r.data.employee_count],
    ['linkedin', r.data.linkedin_url],
    ['credits', r.credits],
    ['addedAt', new Date(r.created_at).toLocaleString()],
  ];
  return (
    <Box>
      {header}
      <HStack mb={4} wrap="wrap">
        <Heading as="h2" size="lg">
          {r.name}
        </Heading>
        <EmailStatusBadge status={r.email_status} />
      </HStack>
      <DataList.Root orientation="horizontal">
        {entries.map(([key, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{t(`details.${key}`)}</DataList.ItemLabel>
            <DataList.ItemValue>
              {key === 'website' || key === 'linkedin' ? (
                typeof value === 'string' && /^https?:\/\//.test(value) ? (
                  <ChakraLink href={value} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
                    {value}
                  </ChakraLink>
                ) : (
                  show(value)
                )
              ) : (
                show(value)
              )}
            </DataList.ItemValue>
          </DataList.Item>
        ))}
        {social
          ? Object.entries(social).map(([key, value]) => (
              <DataList.Item key={`social-${key}`}>
                <DataList.ItemLabel>{key.replace(/_/g, ' ')}</DataList.ItemLabel>
                <DataList.ItemValue>{show(value)}</DataList.ItemValue>
              </DataList.Item>
            ))
          : null}
      </DataList.Root>
    </Box>
  );
}

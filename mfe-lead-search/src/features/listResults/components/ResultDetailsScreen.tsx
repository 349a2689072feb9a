import { Badge, Box, DataList, Heading, HStack, Link as ChakraLink, Table } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageHeader, PageSpinner, i18n } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { parseListParam } from '../../../api/types';
import { useResult } from '../api/getResult';
import { AiTextsSection } from '../../aiAssistant/components/AiTexts';
import { CrmStatus } from './CrmStatus';
import { EmailSourceNote, emailSourceOf } from './EmailSourceNote';
import { PhoneValue } from './PhoneValue';
import { EmailStatusBadge } from './EmailStatusBadge';

/** A person the result carries: its company's employees (get employees) or people like it (find similar). */
interface Person {
  name: string;
  job_title: string | null;
  company?: string | null;
  email: string | null;
  phone: string | null;
  linkedin_url?: string | null;
}

/** The people of one kind as a table (rows `{id}-row`), or a line saying there are none. */
function PeopleSection({ id, title, empty, people, withCompany = false }: { id: string; title: string; empty: string; people: Person[]; withCompany?: boolean }) {
  const { t } = useTranslation('leadSearch');
  const heading = `${id}-heading`;
  return (
    <Box as="section" aria-labelledby={heading} mt={6}>
      <Heading as="h3" id={heading} size="md" mb={2}>
        {title}
      </Heading>
      {people.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-labelledby={heading}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('columns.jobTitle')}</Table.ColumnHeader>
                {withCompany ? <Table.ColumnHeader>{t('details.company')}</Table.ColumnHeader> : null}
                <Table.ColumnHeader>{t('columns.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('columns.phone')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {people.map((p, i) => (
                <Table.Row key={`${p.name}-${i}`} data-testid={`${id === 'employees' ? 'employee' : id}-row`}>
                  <Table.Cell>
                    {p.linkedin_url && /^https?:\/\//.test(p.linkedin_url) ? (
                      <ChakraLink href={p.linkedin_url} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
                        {p.name}
                      </ChakraLink>
                    ) : (
                      p.name
                    )}
                  </Table.Cell>
                  <Table.Cell>{p.job_title ?? '—'}</Table.Cell>
                  {withCompany ? <Table.Cell>{p.company ?? '—'}</Table.Cell> : null}
                  <Table.Cell>{p.email ?? '—'}</Table.Cell>
                  <Table.Cell>{p.phone ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}

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
  const employees = Array.isArray(r.data.employees) ? (r.data.employees as Person[]) : null;
  const similar = Array.isArray(r.data.similar) ? (r.data.similar as Person[]) : null;
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
    ['addedAt', new Date(r.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })],
  ];
  return (
    <Box>
      {header}
      <HStack mb={4} wrap="wrap">
        <Heading as="h2" size="lg">
          {r.name}
        </Heading>
        <EmailStatusBadge status={r.email_status} />
        {r.labels.map((l) => (
          <Badge key={l} colorPalette="blue" variant="outline">
            {l}
          </Badge>
        ))}
      </HStack>
      <DataList.Root orientation="horizontal">
        {entries.map(([key, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{t(`details.${key}`)}</DataList.ItemLabel>
            <DataList.ItemValue>
              {key === 'phone' ? (
                <PhoneValue phone={r.phone} data={r.data} empty={show(null)} />
              ) : key === 'website' || key === 'linkedin' ? (
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
        {r.email && emailSourceOf(r.data) ? (
          <DataList.Item>
            <DataList.ItemLabel>{t('details.emailSource')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <EmailSourceNote data={r.data} />
            </DataList.ItemValue>
          </DataList.Item>
        ) : null}
      </DataList.Root>
      {r.crm_status ? (
        <Box as="section" aria-labelledby="crm-heading" mt={6} data-testid="result-crm">
          <Heading as="h3" id="crm-heading" size="md" mb={2}>
            {t('crmSend.detailsHeading')}
          </Heading>
          <CrmStatus result={r} />
        </Box>
      ) : null}
      {social ? (
        <Box as="section" aria-labelledby="social-heading" mt={6}>
          <Heading as="h3" id="social-heading" size="md" mb={2}>
            {t('details.social')}
          </Heading>
          <DataList.Root orientation="horizontal">
            {Object.entries(social).map(([key, value]) => (
              <DataList.Item key={`social-${key}`}>
                <DataList.ItemLabel>{key.replace(/_/g, ' ')}</DataList.ItemLabel>
                <DataList.ItemValue>{show(value)}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Box>
      ) : null}
      {employees ? <PeopleSection id="employees" title={t('details.employees')} empty={t('details.noEmployees')} people={employees} /> : null}
      {similar ? <PeopleSection id="similar" title={t('details.similar')} empty={t('details.noSimilar')} people={similar} withCompany /> : null}
      {['people', 'group', 'local', 'company', 'intent'].includes(list?.type ?? '') ? <AiTextsSection data={r.data} /> : null}
    </Box>
  );
}

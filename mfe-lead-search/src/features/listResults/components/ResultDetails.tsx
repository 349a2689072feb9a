import { Badge, Box, DataList, Heading, HStack, Link as ChakraLink, Table } from '@chakra-ui/react';
import { i18n } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import type { LeadResult, SearchType } from '../../../api/types';
import { AiTextsSection } from '../../aiAssistant/components/AiTexts';
import { CrmStatus } from './CrmStatus';
import { EmailSourceNote, emailSourceOf } from './EmailSourceNote';
import { PhoneValue } from './PhoneValue';
import { EmailStatusBadge } from './EmailStatusBadge';
import { UncoveredBadge } from './UncoveredBadge';

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
function PeopleSection({
  id,
  title,
  empty,
  people,
  withCompany = false,
}: {
  id: string;
  title: string;
  empty: string;
  people: Person[];
  withCompany?: boolean;
}) {
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
                      <ChakraLink
                        href={p.linkedin_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        color="brand.fg"
                        textDecoration="underline"
                      >
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

const show = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** The list types whose results carry AI texts. */
const WITH_AI_TEXTS: readonly SearchType[] = ['people', 'group', 'local', 'company', 'intent'];

export interface ResultDetailsProps {
  type: SearchType;
  result: LeadResult;
  /** Whether the result's name is drawn as its heading (the side panel has it as its title). */
  titled?: boolean;
}

/** Everything the search found about one result: its page and the list's side panel draw the same. */
export function ResultDetails({ type, result: r, titled = true }: ResultDetailsProps) {
  const { t } = useTranslation('leadSearch');
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
      <HStack mb={4} wrap="wrap">
        {titled ? (
          <Heading as="h2" size="lg">
            {r.name}
          </Heading>
        ) : null}
        <EmailStatusBadge status={r.email_status} />
        {r.labels.map((l) => (
          <Badge key={l} colorPalette="blue" variant="outline">
            {l}
          </Badge>
        ))}
        <UncoveredBadge data={r.data} />
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
                  <ChakraLink
                    href={value}
                    target="_blank"
                    rel="noopener noreferrer"
                    color="brand.fg"
                    textDecoration="underline"
                  >
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
      {employees ? (
        <PeopleSection
          id="employees"
          title={t('details.employees')}
          empty={t('details.noEmployees')}
          people={employees}
        />
      ) : null}
      {similar ? (
        <PeopleSection
          id="similar"
          title={t('details.similar')}
          empty={t('details.noSimilar')}
          people={similar}
          withCompany
        />
      ) : null}
      {WITH_AI_TEXTS.includes(type) ? <AiTextsSection data={r.data} /> : null}
    </Box>
  );
}

import { Badge, Box, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxGroupField,
  ConfirmDeleteButton,
  DataTable,
  ErrorState,
  PageHeader,
  Pagination,
  ResourceFormFrame,
  TextField,
  useListParams,
  useYupForm,
  type Column,
  type ModuleSlug,
} from '@leadsmith/shared';
import { useDeleteTeamMember } from '../api/delete-team-member';
import { useTeamMembers, type TeamMember } from '../api/get-team-members';
import { editMemberSchema, inviteSchema, useSaveTeamMember } from '../api/save-team-member';

/** Checkboxes for the access options, one fieldset; the error reads "Select at least one access option". */
function AccessField<T extends FieldValues & { access: string[] }>({
  form,
  options,
}: {
  form: UseFormReturn<T>;
  options: ModuleSlug[];
}) {
  const { t } = useTranslation('settings');
  const error = form.formState.errors.access?.message as string | undefined;
  return (
    <Controller
      control={form.control}
      name={'access' as Path<T>}
      render={({ field }) => (
        <CheckboxGroupField
          inline
          label={t('team.access')}
          options={options.map((slug) => ({ value: slug, label: t(`team.modules.${slug}`) }))}
          value={field.value as ModuleSlug[]}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}

function InviteForm({ options }: { options: ModuleSlug[] }) {
  const { t } = useTranslation('settings');
  const save = useSaveTeamMember();
  const empty = { first_name: '', last_name: '', email: '', access: [] as ModuleSlug[] };
  const form = useYupForm(inviteSchema, { defaultValues: empty });
  const { errors } = form.formState;
  return (
    <ResourceFormFrame
      form={form}
      label={t('team.inviteTitle')}
      submitLabel={t('team.invite')}
      maxW="none"
      saving={save.isPending}
      onSave={(values) => save.mutateAsync({ values })}
      onSaved={() => form.reset(empty)}
    >
      <Flex gap={4} wrap="wrap">
        <Box flex="1" minW="180px">
          <TextField
            label={t('profileSettings.firstName')}
            registration={form.register('first_name')}
            error={errors.first_name}
          />
        </Box>
        <Box flex="1" minW="180px">
          <TextField
            label={t('profileSettings.lastName')}
            registration={form.register('last_name')}
            error={errors.last_name}
          />
        </Box>
        <Box flex="1" minW="220px">
          <TextField label={t('team.email')} type="email" registration={form.register('email')} error={errors.email} />
        </Box>
      </Flex>
      <AccessField form={form} options={options} />
    </ResourceFormFrame>
  );
}

function EditForm({
  member,
  name,
  options,
  onDone,
}: {
  member: TeamMember;
  name: string;
  options: ModuleSlug[];
  onDone: () => void;
}) {
  const { t } = useTranslation('settings');
  const save = useSaveTeamMember();
  const form = useYupForm(editMemberSchema, {
    defaultValues: { first_name: member.first_name, last_name: member.last_name, access: member.access },
  });
  const { errors } = form.formState;
  return (
    <ResourceFormFrame
      form={form}
      label={t('actions.editItem', { item: name })}
      saving={save.isPending}
      onSave={(values) => save.mutateAsync({ id: member.id, values })}
      onSaved={onDone}
      onCancel={onDone}
    >
      <TextField
        label={t('profileSettings.firstName')}
        registration={form.register('first_name')}
        error={errors.first_name}
      />
      <TextField
        label={t('profileSettings.lastName')}
        registration={form.register('last_name')}
        error={errors.last_name}
      />
      <AccessField form={form} options={options} />
    </ResourceFormFrame>
  );
}

/** The page is kept in the address (?page=); the list has no filters. */
const NO_FILTERS: readonly never[] = [];

const memberName = (member: TeamMember) => `${member.first_name} ${member.last_name}`.trim();

/** Team members: invite, edit (in place) and remove, each with at least one access option (spec §5); the list through the shared kit. */
export function ManageTeamPage() {
  const { t } = useTranslation('settings');
  const { page, setPage } = useListParams(NO_FILTERS);
  const [editing, setEditing] = useState<number | null>(null);
  const team = useTeamMembers(page);
  const remove = useDeleteTeamMember();
  const options = team.data?.access_options ?? [];
  const columns: Column<TeamMember>[] = [
    {
      key: 'name',
      header: t('team.name'),
      render: (member) => (
        <Text as="span" fontWeight="semibold">
          {memberName(member)}
        </Text>
      ),
    },
    { key: 'email', header: t('team.email'), render: (member) => member.email },
    {
      key: 'access',
      header: t('team.access'),
      render: (member) => (
        <HStack gap={1} wrap="wrap">
          {member.access.map((slug) => (
            <Badge key={slug}>{t(`team.modules.${slug}`)}</Badge>
          ))}
        </HStack>
      ),
    },
    {
      key: 'actions',
      header: t('apiKeys.actions'),
      render: (member) => (
        <HStack gap={2}>
          <Button
            size="sm"
            variant="outline"
            aria-label={t('actions.editItem', { item: memberName(member) })}
            onClick={() => setEditing(member.id)}
          >
            {t('actions.edit')}
          </Button>
          <ConfirmDeleteButton
            itemLabel={memberName(member)}
            loading={remove.isPending && remove.variables === member.id}
            onConfirm={() => remove.mutate(member.id)}
          />
        </HStack>
      ),
    },
  ];

  return (
    <Box>
      <PageHeader title={t('routes.manageTeam')} />
      {team.isPending ? (
        <Spinner role="status" aria-label={t('training.loading')} />
      ) : team.isError ? (
        <ErrorState title={t('team.loadFailed')} onRetry={() => void team.refetch()} />
      ) : (
        <Stack gap={8}>
          <Box as="section" aria-labelledby="team-invite" borderWidth="1px" rounded="md" p={4}>
            <Heading as="h2" id="team-invite" size="md" mb={3}>
              {t('team.inviteTitle')}
            </Heading>
            {options.length === 0 ? <Text>{t('team.noOptions')}</Text> : <InviteForm options={options} />}
          </Box>
          <Box as="section" aria-labelledby="team-list">
            <Heading as="h2" id="team-list" size="md" mb={3}>
              {t('team.listTitle')}
            </Heading>
            <DataTable
              label={t('team.listTitle')}
              rows={team.data.data}
              rowKey={(member) => member.id}
              columns={columns}
              empty={t('team.empty')}
              expandedRow={(member) =>
                editing === member.id ? (
                  <EditForm
                    member={member}
                    name={memberName(member)}
                    options={options}
                    onDone={() => setEditing(null)}
                  />
                ) : null
              }
            />
            <Pagination
              label={t('team.listTitle')}
              page={team.data.currentPage}
              pageSize={team.data.pageSize}
              total={team.data.total}
              onChange={setPage}
              hideSinglePage
            />
          </Box>
        </Stack>
      )}
    </Box>
  );
}

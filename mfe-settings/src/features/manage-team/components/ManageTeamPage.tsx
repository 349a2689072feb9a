import { Badge, Box, Button, Flex, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupField, ErrorState, PageHeader, TextField, applyApiFieldErrors, useYupForm, type ModuleSlug } from '@leadsmith/shared';
import { ConfirmDeleteButton } from '../../../components/ConfirmDeleteButton';
import { Pagination } from '../../../components/Pagination';
import { useDeleteTeamMember } from '../api/delete-team-member';
import { useTeamMembers, type TeamMember } from '../api/get-team-members';
import { editMemberSchema, inviteSchema, useSaveTeamMember } from '../api/save-team-member';

/** Checkboxes for the access options, one fieldset; the error reads "Select at least one access option". */
function AccessField<T extends FieldValues & { access: string[] }>({ form, options }: { form: UseFormReturn<T>; options: ModuleSlug[] }) {
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
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate({ values }, { onSuccess: () => form.reset(empty), onError: (e) => applyApiFieldErrors(form, e) }))}>
      <Flex gap={4} wrap="wrap">
        <Box flex="1" minW="180px">
          <TextField label={t('profileSettings.firstName')} registration={form.register('first_name')} error={errors.first_name} />
        </Box>
        <Box flex="1" minW="180px">
          <TextField label={t('profileSettings.lastName')} registration={form.register('last_name')} error={errors.last_name} />
        </Box>
        <Box flex="1" minW="220px">
          <TextField label={t('team.email')} type="email" registration={form.register('email')} error={errors.email} />
        </Box>
      </Flex>
      <AccessField form={form} options={options} />
      <Button type="submit" colorPalette="brand" loading={save.isPending}>
        {t('team.invite')}
      </Button>
    </form>
  );
}

function EditForm({ member, options, onDone }: { member: TeamMember; options: ModuleSlug[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  const save = useSaveTeamMember();
  const form = useYupForm(editMemberSchema, { defaultValues: { first_name: member.first_name, last_name: member.last_name, access: member.access } });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => save.mutate({ id: member.id, values }, { onSuccess: onDone, onError: (e) => applyApiFieldErrors(form, e) }))}>
      <TextField label={t('profileSettings.firstName')} registration={form.register('first_name')} error={errors.first_name} />
      <TextField label={t('profileSettings.lastName')} registration={form.register('last_name')} error={errors.last_name} />
      <AccessField form={form} options={options} />
      <HStack>
        <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('actions.cancel')}
        </Button>
      </HStack>
    </form>
  );
}

/** Team members: invite, edit and remove, each with at least one access option (spec §5). */
export function ManageTeamPage() {
  const { t } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const team = useTeamMembers(page);
  const remove = useDeleteTeamMember();
  const options = team.data?.access_options ?? [];

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
            {team.data.data.length === 0 ? (
              <Text>{t('team.empty')}</Text>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md">
                <Table.Root size="sm" aria-labelledby="team-list">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('team.name')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('team.email')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('team.access')}</Table.ColumnHeader>
                      <Table.ColumnHeader>{t('apiKeys.actions')}</Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {team.data.data.map((member) => {
                      const name = `${member.first_name} ${member.last_name}`.trim();
                      return (
                        <Table.Row key={member.id}>
                          {editing === member.id ? (
                            <Table.Cell colSpan={4}>
                              <EditForm member={member} options={options} onDone={() => setEditing(null)} />
                            </Table.Cell>
                          ) : (
                            <>
                              <Table.Cell fontWeight="semibold">{name}</Table.Cell>
                              <Table.Cell>{member.email}</Table.Cell>
                              <Table.Cell>
                                <HStack gap={1} wrap="wrap">
                                  {member.access.map((slug) => (
                                    <Badge key={slug}>{t(`team.modules.${slug}`)}</Badge>
                                  ))}
                                </HStack>
                              </Table.Cell>
                              <Table.Cell>
                                <HStack gap={2}>
                                  <Button size="sm" variant="outline" aria-label={t('actions.editItem', { item: name })} onClick={() => setEditing(member.id)}>
                                    {t('actions.edit')}
                                  </Button>
                                  <ConfirmDeleteButton itemLabel={name} loading={remove.isPending && remove.variables === member.id} onConfirm={() => remove.mutate(member.id)} />
                                </HStack>
                              </Table.Cell>
                            </>
                          )}
                        </Table.Row>
                      );
                    })}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
            <Pagination label={t('team.listTitle')} page={team.data.currentPage} pageSize={team.data.pageSize} total={team.data.total} onPageChange={setPage} />
          </Box>
        </Stack>
      )}
    </Box>
  );
}

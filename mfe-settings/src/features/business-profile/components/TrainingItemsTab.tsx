import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDeleteButton,
  ErrorState,
  Pagination,
  ResourceFormFrame,
  TextareaField,
  TextField,
  useYupForm,
  v,
  yup,
} from '@leadsmith/shared';
import { useDeleteTrainingItem } from '../api/delete-training-item';
import { useTrainingItems } from '../api/get-training-items';
import { useSaveTrainingItem } from '../api/save-training-item';
import type { LinkKind, TrainingResource } from '../api/training-resources';

export interface TrainingFieldDef {
  name: string;
  label: string;
  max: number;
  multiline?: boolean;
}

export interface TrainingItemsTabProps<T extends { id: number }> {
  resource: TrainingResource;
  kind?: LinkKind;
  title: string;
  /** Fields of the add and edit forms. */
  fields: TrainingFieldDef[];
  /** Fields of the edit form when they differ from the add form (files: name only). */
  editFields?: TrainingFieldDef[];
  /** No add form (files and crawled links are added by their own control). */
  hideAddForm?: boolean;
  /** Extra values sent with a new item (e.g. the link kind). */
  extraValues?: Record<string, string>;
  toValues: (item: T) => Record<string, string>;
  itemLabel: (item: T) => string;
  renderSummary: (item: T) => ReactNode;
  /** Rendered above the list (the crawl or upload control). */
  children?: ReactNode;
}

function schemaFor(fields: TrainingFieldDef[]) {
  return yup.object(
    Object.fromEntries(fields.map((f) => [f.name, v.required().max(f.max, v.message('maxLength', { count: f.max }))])),
  );
}

/** The add or edit form of an item, in the kit's form frame (the API's field errors on their fields). */
function ItemForm({
  label,
  fields,
  defaults,
  submitLabel,
  onSave,
  onSaved,
  onCancel,
  pending,
}: {
  label: string;
  fields: TrainingFieldDef[];
  defaults: Record<string, string>;
  submitLabel?: string;
  onSave: (values: Record<string, string>) => Promise<unknown>;
  onSaved: () => void;
  onCancel?: () => void;
  pending: boolean;
}) {
  const schema = useMemo(() => schemaFor(fields), [fields]);
  const form = useYupForm<Record<string, string>>(schema as never, { defaultValues: defaults });
  const { errors } = form.formState;
  return (
    <ResourceFormFrame
      form={form}
      label={label}
      submitLabel={submitLabel}
      maxW="none"
      saving={pending}
      onSave={onSave}
      onSaved={onSaved}
      onCancel={onCancel}
    >
      {fields.map((f) =>
        f.multiline ? (
          <TextareaField
            rows={3}
            key={f.name}
            label={f.label}
            required
            registration={form.register(f.name)}
            error={errors[f.name]?.message as string | undefined}
          />
        ) : (
          <TextField
            key={f.name}
            label={f.label}
            required
            registration={form.register(f.name)}
            error={errors[f.name]?.message as string | undefined}
          />
        ),
      )}
    </ResourceFormFrame>
  );
}

/** One data-source tab: paginated list with add, edit and delete (spec §2, §7), with the shared kit's form frame, confirm-delete and pager. */
export function TrainingItemsTab<T extends { id: number }>(props: TrainingItemsTabProps<T>) {
  const {
    resource,
    kind,
    title,
    fields,
    editFields = fields,
    hideAddForm,
    extraValues,
    toValues,
    itemLabel,
    renderSummary,
    children,
  } = props;
  const { t } = useTranslation('settings');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null>(null);
  const [addKey, setAddKey] = useState(0);
  const list = useTrainingItems<T>({ resource, kind, page });
  const save = useSaveTrainingItem(resource, kind);
  const remove = useDeleteTrainingItem(resource, kind);
  const headingId = `${resource}-${kind ?? 'all'}-heading`;

  const emptyDefaults = Object.fromEntries(fields.map((f) => [f.name, '']));
  const items = list.data?.data ?? [];
  // Deleting the last row of a page moves back one page.
  if (list.data && items.length === 0 && page > 1) setPage(page - 1);

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h2" id={headingId} size="lg" mb={4}>
        {title}
      </Heading>
      {children}
      {hideAddForm ? null : (
        <Box borderWidth="1px" rounded="md" p={4} mb={6}>
          <Heading as="h3" size="md" mb={3}>
            {t('training.addTitle')}
          </Heading>
          <ItemForm
            key={addKey}
            label={t('training.addTitle')}
            fields={fields}
            defaults={emptyDefaults}
            submitLabel={t('actions.add')}
            pending={save.isPending && editing === null}
            onSave={(values) => save.mutateAsync({ values: { ...values, ...extraValues } })}
            onSaved={() => {
              setAddKey((k) => k + 1);
              setPage(1);
            }}
          />
        </Box>
      )}
      {list.isPending ? (
        <Spinner role="status" aria-label={t('training.loading')} />
      ) : list.isError ? (
        <ErrorState title={t('training.loadFailed')} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Text color="text.primary">{t('training.empty')}</Text>
      ) : (
        <Stack as="ul" gap={3} listStyleType="none" aria-label={title}>
          {items.map((item) => (
            <Box as="li" key={item.id} borderWidth="1px" rounded="md" p={4}>
              {editing === item.id ? (
                <ItemForm
                  label={t('actions.editItem', { item: itemLabel(item) })}
                  fields={editFields}
                  defaults={toValues(item)}
                  pending={save.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(values) => save.mutateAsync({ id: item.id, values })}
                  onSaved={() => setEditing(null)}
                />
              ) : (
                <Flex gap={4} align="flex-start" justify="space-between" wrap="wrap">
                  <Box flex="1" minW="0">
                    {renderSummary(item)}
                  </Box>
                  <HStack gap={2}>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={t('actions.editItem', { item: itemLabel(item) })}
                      onClick={() => setEditing(item.id)}
                    >
                      {t('actions.edit')}
                    </Button>
                    <ConfirmDeleteButton
                      itemLabel={itemLabel(item)}
                      loading={remove.isPending && remove.variables === item.id}
                      onConfirm={() => remove.mutate(item.id)}
                    />
                  </HStack>
                </Flex>
              )}
            </Box>
          ))}
        </Stack>
      )}
      {list.data ? (
        <Pagination
          label={title}
          page={list.data.currentPage}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onChange={setPage}
          hideSinglePage
        />
      ) : null}
    </Box>
  );
}

import { Box, Button, chakra, HStack, Input } from '@chakra-ui/react';
import { FilterSelect, apiErrorMessage } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '../../../api/types';
import { useDeleteListView, useListViews, useSaveListView, type ListView, type ViewFilters } from '../api/listViews';
import type { ColumnSetting } from '../columns';

export interface SavedViewsControlProps {
  type: SearchType;
  /** The view on screen now: what Save stores. */
  columns: ColumnSetting[];
  filters: ViewFilters;
  /** The saved view the URL names (`sv`), if any. */
  selectedId: number | null;
  onApply: (view: ListView | null) => void;
}

/**
 * Named views of this list type, saved for the account (a team shares them): pick one to show its columns and
 * filters, save the table as it is now under a name, update or delete the chosen one (issue 29 item 7).
 */
export function SavedViewsControl({ type, columns, filters, selectedId, onApply }: SavedViewsControlProps) {
  const { t } = useTranslation('leadSearch');
  const views = useListViews(type);
  const save = useSaveListView();
  const remove = useDeleteListView();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selected = views.data?.data.find((v) => v.id === selectedId) ?? null;

  const handleSave = async () => {
    if (!name.trim()) {
      setError(t('views.nameRequired'));
      return;
    }
    try {
      const view = await save.mutateAsync({ name: name.trim(), list_type: type, columns, filters });
      setNaming(false);
      setName('');
      setError(null);
      onApply(view);
    } catch (e) {
      setError(apiErrorMessage(e, t('errors.loadFailed')));
    }
  };
  const ignore = () => {
    // The API's message is already shown as a toast.
  };

  return (
    <HStack gap={2} align="flex-end" wrap="wrap">
      <FilterSelect
        id="saved-view"
        width="48"
        label={t('views.label')}
        value={selected ? String(selected.id) : ''}
        onChange={(v) => onApply(views.data?.data.find((view) => String(view.id) === v) ?? null)}
        allLabel={t('views.none')}
        options={(views.data?.data ?? []).map((view) => ({ value: String(view.id), label: view.name }))}
      />
      {selected ? (
        <>
          <Button
            size="sm"
            variant="outline"
            loading={save.isPending}
            onClick={() =>
              save
                .mutateAsync({ id: selected.id, name: selected.name, list_type: type, columns, filters })
                .catch(ignore)
            }
          >
            {t('views.update')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            loading={remove.isPending}
            onClick={() =>
              remove
                .mutateAsync(selected.id)
                .then(() => onApply(null))
                .catch(ignore)
            }
          >
            {t('views.delete')}
          </Button>
        </>
      ) : null}
      {naming ? (
        <chakra.form
          display="flex"
          gap={2}
          alignItems="flex-end"
          aria-label={t('views.saveTitle')}
          onSubmit={(e) => {
            e.preventDefault();
            void handleSave();
          }}
        >
          <Box>
            <chakra.label htmlFor="view-name" fontSize="sm" fontWeight="medium" display="block">
              {t('views.name')}
            </chakra.label>
            <Input
              id="view-name"
              size="sm"
              w="48"
              maxLength={80}
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'view-name-error' : undefined}
              autoFocus
            />
          </Box>
          <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending}>
            {t('views.save')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setNaming(false)}>
            {t('selection.cancel')}
          </Button>
          {error ? (
            <chakra.span id="view-name-error" role="alert" color="red.700" fontSize="sm">
              {error}
            </chakra.span>
          ) : null}
        </chakra.form>
      ) : (
        <Button size="sm" variant="outline" onClick={() => setNaming(true)}>
          {t('views.saveAs')}
        </Button>
      )}
    </HStack>
  );
}

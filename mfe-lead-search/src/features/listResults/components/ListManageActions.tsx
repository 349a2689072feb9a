import { Button, chakra, HStack, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, TextField, useYupForm, v, yup } from '@leadsmith/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteCampaign, useRenameCampaign } from '../../../api/updateCampaign';
import type { Campaign } from '../../../api/types';
import { useUndoToast } from '../../../components/undoToast';

interface RenameValues {
  name: string;
}

/** Longest list name (the API's limit). */
const NAME_MAX = 120;

/** Rename and delete one list, from its own page (PUT / DELETE /api/campaigns/{id}). */
export function ListManageActions({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const rename = useRenameCampaign();
  const remove = useDeleteCampaign();
  const showUndo = useUndoToast();
  const [mode, setMode] = useState<'idle' | 'rename' | 'delete'>('idle');
  const schema = useMemo(
    () =>
      yup.object({
        name: v.required().max(NAME_MAX, v.message('maxLength', { count: NAME_MAX })),
      }) as yup.ObjectSchema<RenameValues>,
    [],
  );
  const form = useYupForm<RenameValues>(schema, { defaultValues: { name: campaign.name } });

  const handleRename = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: campaign.id, name: name.trim() });
      setMode('idle');
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  const handleDelete = async () => {
    try {
      showUndo(await remove.mutateAsync(campaign.id));
      navigate('/saved-lists');
    } catch {
      // The API's message is already shown as a toast.
    }
  };

  if (mode === 'rename') {
    return (
      <chakra.form
        onSubmit={(e) => void handleRename(e)}
        noValidate
        display="flex"
        gap={2}
        alignItems="flex-start"
        aria-label={t('manageList.renameForm')}
      >
        <TextField
          label={t('manageList.name')}
          registration={form.register('name')}
          error={form.formState.errors.name}
          autoFocus
        />
        <HStack mt={6}>
          <Button type="submit" size="sm" colorPalette="brand" loading={rename.isPending}>
            {tc('actions.save')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setMode('idle')}>
            {t('selection.cancel')}
          </Button>
        </HStack>
      </chakra.form>
    );
  }
  if (mode === 'delete') {
    return (
      <HStack role="alertdialog" aria-label={t('manageList.deleteList')} gap={2}>
        <Text fontWeight="semibold">{t('manageList.confirmDelete', { name: campaign.name })}</Text>
        <Button size="sm" colorPalette="red" loading={remove.isPending} onClick={() => void handleDelete()}>
          {t('selection.confirm')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setMode('idle')}>
          {t('selection.cancel')}
        </Button>
      </HStack>
    );
  }
  return (
    <HStack gap={2}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          form.reset({ name: campaign.name });
          setMode('rename');
        }}
      >
        {t('manageList.rename')}
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" onClick={() => setMode('delete')}>
        {t('manageList.deleteList')}
      </Button>
    </HStack>
  );
}

import { Box, Button, chakra, Dialog, Flex, Portal, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, SelectField, TextareaField, TextField, useYupForm, v, yup } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateWorkflow, type CreateWorkflowInput } from '../api/createWorkflow';
import { useWorkflowTemplates } from '../api/getWorkflowTemplates';

const schema = yup.object({
  name: v.required().max(120, v.message('maxLength', { count: 120 })),
  template: yup.string().default(''),
  description: yup
    .string()
    .max(500, v.message('maxLength', { count: 500 }))
    .default(''),
});
type CreateValues = yup.InferType<typeof schema>;

/** New workflow: a name and a prebuilt template to start from (or blank: a trigger only). */
export function CreateWorkflowDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('leadSearch');
  const templates = useWorkflowTemplates();
  const create = useCreateWorkflow();
  const navigate = useNavigate();
  const form = useYupForm<CreateValues>(schema, { defaultValues: { name: '', template: '', description: '' } });
  const template = form.watch('template');
  const chosen = templates.data?.find((tpl) => tpl.key === template);

  const handleSubmit = form.handleSubmit(async (values) => {
    try {
      const workflow = await create.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim(),
        template: (values.template || undefined) as CreateWorkflowInput['template'],
      });
      form.reset();
      onClose();
      navigate(`/workflow/${workflow.id}`);
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });

  return (
    <Dialog.Root open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('workflow.createTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <chakra.form
                id="create-workflow"
                onSubmit={(e) => void handleSubmit(e)}
                noValidate
                aria-label={t('workflow.createTitle')}
              >
                <SelectField
                  label={t('workflow.fields.template')}
                  registration={form.register('template', {
                    onChange: (e: { target: { value: string } }) => {
                      const key = e.target.value;
                      if (key && !form.getFieldState('name').isDirty)
                        form.setValue('name', t(`workflow.templates.${key}.name`));
                    },
                  })}
                  options={[
                    { value: '', label: t('workflow.blank') },
                    ...(templates.data ?? []).map((tpl) => ({
                      value: tpl.key,
                      label: t(`workflow.templates.${tpl.key}.name`),
                    })),
                  ]}
                />
                {chosen ? (
                  <Box mb={4} p={3} borderWidth="1px" borderRadius="md" data-testid="template-preview">
                    <Text mb={2}>{t(`workflow.templates.${chosen.key}.description`)}</Text>
                    <Flex gap={1} wrap="wrap" fontSize="sm">
                      {chosen.node_kinds.map((kind, i) => (
                        <Text as="span" key={`${kind}-${i}`}>
                          {i > 0 ? '→ ' : ''}
                          {t(`workflow.kinds.${kind}`)}
                        </Text>
                      ))}
                    </Flex>
                  </Box>
                ) : (
                  <Text mb={4} fontSize="sm">
                    {t('workflow.blankHelp')}
                  </Text>
                )}
                <TextField
                  label={t('workflow.fields.name')}
                  registration={form.register('name')}
                  error={form.formState.errors.name}
                />
                <TextareaField
                  label={t('workflow.fields.description')}
                  registration={form.register('description')}
                  error={form.formState.errors.description}
                  rows={2}
                />
              </chakra.form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('workflow.cancel')}
              </Button>
              <Button type="submit" form="create-workflow" colorPalette="brand" loading={create.isPending}>
                {t('workflow.createSubmit')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

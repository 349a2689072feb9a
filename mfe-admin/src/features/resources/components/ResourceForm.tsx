import { Button, chakra, Flex, SimpleGrid } from '@chakra-ui/react';
import { applyApiFieldErrors, TextField, useYupForm, CheckboxField, SelectField, TextareaField } from '@leadsmith/shared';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ResourceItem } from '../api/listResource';
import { useSaveResource } from '../api/saveResource';
import type { ResourceDefinition } from '../definitions';
import { resourceSchema, toFormValues, toInput } from './resourceForm';

/** The form of a simple resource, built from its field definitions (create when no item). */
export function ResourceForm({ def, base, item, preset, onDone }: { def: ResourceDefinition; base: string; item?: ResourceItem; preset?: Record<string, string>; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const save = useSaveResource(base);
  const form = useYupForm(resourceSchema(def), { defaultValues: toFormValues(def, item, preset) });
  const { register, control, formState } = form;
  const error = (name: string) => formState.errors[name]?.message as string | undefined;
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: item?.id, input: toInput(def, values) });
      onDone();
    } catch (e) {
      applyApiFieldErrors(form, e);
    }
  });
  return (
    <chakra.form onSubmit={(e) => void submit(e)} noValidate maxW="48rem">
      <SimpleGrid columns={{ base: 1, md: 2 }} columnGap={6}>
        {def.fields
          .filter((f) => f.kind !== 'checkbox' && f.kind !== 'textarea')
          .map((f) =>
            f.kind === 'select' ? (
              <SelectField
                key={f.name}
                label={t(`fields.${f.name}`)}
                registration={register(f.name)}
                error={error(f.name)}
                options={(f.options ?? []).map((o) => ({ value: o, label: t(`${f.optionsKey}.${o}`) }))}
              />
            ) : (
            <TextField
              key={f.name}
              label={t(`fields.${f.name}`)}
              type={f.kind === 'email' ? 'email' : 'text'}
              inputMode={f.kind === 'integer' ? 'numeric' : undefined}
              registration={register(f.name)}
              error={error(f.name)}
            />
            ),
          )}
      </SimpleGrid>
      {def.fields
        .filter((f) => f.kind === 'textarea')
        .map((f) => (
          <TextareaField key={f.name} label={t(`fields.${f.name}`)} registration={register(f.name)} error={error(f.name)} rows={4} />
        ))}
      {def.fields
        .filter((f) => f.kind === 'checkbox')
        .map((f) => (
          <Controller
            key={f.name}
            control={control}
            name={f.name}
            render={({ field }) => <CheckboxField label={t(`fields.${f.name}`)} checked={Boolean(field.value)} onChange={field.onChange} />}
          />
        ))}
      <Flex gap={3} mt={6}>
        <Button type="submit" colorPalette="brand" loading={save.isPending}>
          {tc('actions.save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {tc('actions.cancel')}
        </Button>
      </Flex>
    </chakra.form>
  );
}


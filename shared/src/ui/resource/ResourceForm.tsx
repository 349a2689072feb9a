import { ResourceFormFrame, useYupForm } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import type { ResourceRow } from './resourceApi';
import { useSaveResource } from './resourceApi';
import type { ResourceDefinition } from './resourceDefinition';
import { ResourceFields } from './ResourceFields';
import { resourceSchema, toFormValues, toInput } from './resourceForm';

export interface ResourceFormProps<T extends ResourceRow> {
  def: ResourceDefinition<T>;
  scope?: string;
  /** The item to edit; none: create. */
  item?: T;
  /** Select values a new item starts with (e.g. the list's fixed filter). */
  preset?: Record<string, string>;
  /** After saving or cancelling. */
  onDone: () => void;
  /** A form above the list: titled, no Cancel when creating, emptied after each new item. */
  inline?: boolean;
}

/** The form of a resource, built from its field definitions (create when no item). */
export function ResourceForm<T extends ResourceRow>({
  def,
  scope = '',
  item,
  preset,
  onDone,
  inline,
}: ResourceFormProps<T>) {
  const { t } = useTranslation(def.ns);
  const save = useSaveResource(def.api(scope));
  const form = useYupForm(resourceSchema(def.fields), { defaultValues: toFormValues(def.fields, item, preset) });
  return (
    <ResourceFormFrame
      form={form}
      label={t(item ? def.editKey : def.createKey)}
      heading={inline}
      saving={save.isPending}
      onSave={(values) => save.mutateAsync({ id: item?.id, input: toInput(def.fields, values) })}
      onSaved={() => {
        if (inline) form.reset(toFormValues(def.fields, undefined, preset));
        onDone();
      }}
      onCancel={inline && !item ? undefined : onDone}
    >
      <ResourceFields ns={def.ns} fields={def.fields} form={form} editing={Boolean(item)} columns={def.formColumns} />
    </ResourceFormFrame>
  );
}

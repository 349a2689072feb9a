import { v, yup } from '@leadsmith/shared';
import type { ResourceField } from './resourceDefinition';

export type ResourceFormValues = Record<string, string | boolean | string[]>;

function fieldSchema(field: ResourceField) {
  if (field.kind === 'checkbox') return yup.boolean().default(true);
  if (field.kind === 'checkboxes') {
    const s = yup.array(yup.string().required()).default([]);
    return field.required ? s.min(1, v.message('required')) : s;
  }
  if (field.kind === 'integer') {
    let s = yup
      .string()
      .default('')
      .matches(/^-?\d*$/, v.message('integer'));
    if (field.required) s = s.required(v.message('required'));
    if (field.min !== undefined)
      s = s.test('min', v.message('minNumber', { min: field.min }), (x) => !x || Number(x) >= field.min!);
    if (field.max !== undefined)
      s = s.test('max', v.message('maxNumber', { max: field.max }), (x) => !x || Number(x) <= field.max!);
    return s;
  }
  if (field.kind === 'select')
    return yup
      .string()
      .default(field.options?.[0] ?? '')
      .required(v.message('required'));
  let s = field.required ? v.required() : yup.string().default('');
  if (field.kind === 'email') s = s.trim().email(v.message('email'));
  if (field.kind === 'url') s = s.trim().url(v.message('url'));
  if (field.maxLength) s = s.max(field.maxLength, v.message('maxLength', { count: field.maxLength }));
  if (field.pattern) s = s.matches(field.pattern.regex, v.message(field.pattern.messageKey));
  return s;
}

/** The yup schema of a resource's form, from its field definitions. */
export function resourceSchema(fields: readonly ResourceField[]) {
  return yup.object(
    Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
  ) as unknown as yup.ObjectSchema<ResourceFormValues>;
}

/** The form's values: the item's (create: each field's initial value, or a preset). */
export function toFormValues(
  fields: readonly ResourceField[],
  item?: object,
  preset: Record<string, string> = {},
): ResourceFormValues {
  return Object.fromEntries(
    fields.map((f) => {
      const value = item && !f.writeOnly ? (item as Record<string, unknown>)[f.name] : undefined;
      if (f.kind === 'checkbox') return [f.name, typeof value === 'boolean' ? value : f.initial !== false];
      if (f.kind === 'checkboxes') return [f.name, Array.isArray(value) ? value.map(String) : []];
      if (f.kind === 'select')
        return [f.name, typeof value === 'string' ? value : (preset[f.name] ?? f.options?.[0] ?? '')];
      if (value === null || value === undefined) return [f.name, item && !f.writeOnly ? '' : String(f.initial ?? '')];
      return [f.name, String(value)];
    }),
  );
}

/** Form values → API body: integers as numbers (left out when empty), texts trimmed, empty optional texts as null. */
export function toInput(fields: readonly ResourceField[], values: ResourceFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const value = values[f.name];
    if (f.kind === 'checkbox') out[f.name] = Boolean(value);
    else if (f.kind === 'checkboxes') out[f.name] = Array.isArray(value) ? value : [];
    else if (f.kind === 'integer') {
      if (value !== '') out[f.name] = Number(value);
    } else {
      const text = String(value ?? '').trim();
      out[f.name] = text === '' && f.nullable ? null : text;
    }
  }
  return out;
}

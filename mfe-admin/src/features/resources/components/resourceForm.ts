import { v, yup } from '@leadsmith/shared';
import type { ResourceDefinition, ResourceField } from '../definitions';
import type { ResourceItem } from '../api/listResource';

export type ResourceFormValues = Record<string, string | boolean>;

function fieldSchema(field: ResourceField) {
  if (field.kind === 'checkbox') return yup.boolean().default(true);
  if (field.kind === 'integer') {
    let s = yup.string().default('').matches(/^\d*$/, v.message('integer'));
    if (field.min !== undefined) s = s.test('min', v.message('minNumber', { min: field.min }), (x) => !x || Number(x) >= field.min!);
    if (field.max !== undefined) s = s.test('max', v.message('maxNumber', { max: field.max }), (x) => !x || Number(x) <= field.max!);
    return s;
  }
  if (field.kind === 'select') return yup.string().default(field.options?.[0] ?? '').required(v.message('required'));
  let s = field.required ? v.required() : yup.string().default('');
  if (field.kind === 'email') s = s.email(v.message('email'));
  if (field.maxLength) s = s.max(field.maxLength, v.message('maxLength', { max: field.maxLength }));
  if (field.pattern) s = s.matches(field.pattern.regex, v.message(field.pattern.messageKey));
  return s;
}

/** The yup schema of a resource's form, from its field definitions. */
export function resourceSchema(def: ResourceDefinition) {
  return yup.object(Object.fromEntries(def.fields.map((f) => [f.name, fieldSchema(f)]))) as unknown as yup.ObjectSchema<ResourceFormValues>;
}

export function toFormValues(def: ResourceDefinition, item?: ResourceItem, preset: Record<string, string> = {}): ResourceFormValues {
  return Object.fromEntries(
    def.fields.map((f) => {
      const value = item?.[f.name];
      if (f.kind === 'checkbox') return [f.name, typeof value === 'boolean' ? value : true];
      if (f.kind === 'select') return [f.name, typeof value === 'string' ? value : (preset[f.name] ?? f.options?.[0] ?? '')];
      return [f.name, value === null || value === undefined ? '' : String(value)];
    }),
  );
}

/** Form values → API body: integers as numbers, empty optional texts as null. */
export function toInput(def: ResourceDefinition, values: ResourceFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) {
    const value = values[f.name];
    if (f.kind === 'checkbox') out[f.name] = Boolean(value);
    else if (f.kind === 'integer') {
      if (value !== '') out[f.name] = Number(value);
    } else {
      const text = String(value ?? '').trim();
      if (text !== '' || !f.nullable) out[f.name] = text;
      else out[f.name] = null;
    }
  }
  return out;
}

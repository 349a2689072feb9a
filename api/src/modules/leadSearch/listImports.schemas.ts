/**
 * A CSV import's contract (ADR 038): the lead fields a column maps to, the import as the routes answer it, and why a
 * row was left out. The routes answer with these schemas; the service and the repository use the types derived
 * from them (nothing typed twice).
 */
import { Nullable, StringEnum, Type, type Static } from '../../http/contract';

import { IMPORT_FIELDS, type ImportField } from '@leadsmith/shared/constants';

export { IMPORT_FIELDS, type ImportField };

export const Mapping = Type.Object(
  Object.fromEntries(
    IMPORT_FIELDS.map((f) => [f, Type.Optional(Type.String({ minLength: 1, maxLength: 200 }))]),
  ) as Record<ImportField, ReturnType<typeof Type.Optional<ReturnType<typeof Type.String>>>>,
  {
    additionalProperties: false,
    description: 'Lead field → the header of the column that holds it.',
  },
);
export type ImportMapping = Partial<Record<ImportField, string>>;

export const ImportSchema = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  file_name: Type.String(),
  columns: Type.Array(Type.String()),
  status: StringEnum(['uploaded', 'running', 'done', 'failed'] as const),
  mapping: Nullable(Mapping),
  find_emails: Type.Boolean(),
  skip_duplicates: Type.Boolean(),
  total: Type.Integer({ description: 'Data rows in the file.' }),
  processed: Type.Integer({ description: 'Rows handled so far.' }),
  imported: Type.Integer(),
  duplicates: Type.Integer(),
  suppressed: Type.Integer(),
  failed: Type.Integer(),
  emails_found: Type.Integer(),
  credits_charged: Type.Integer(),
  stopped_no_credits: Type.Boolean({
    description: 'The credits ran out: later rows came in without looking for their email.',
  }),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
});
export type ImportDto = Static<typeof ImportSchema>;

/** Why a row was not imported (the report says it in the user's language: lists.import_error_<code>). */
export const IMPORT_ERROR_CODES = ['empty_row', 'bad_email', 'bad_url', 'duplicate', 'suppressed'] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/** A row that did not come in: its file line (data rows from 1), the field at fault and its value. */
export interface RowError {
  line: number;
  field: string | null;
  code: ImportErrorCode;
  value: string | null;
}

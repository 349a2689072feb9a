/**
 * CSV import into a list (ADR 038): the upload streamed into staging rows, the suggested mapping, and the start of
 * an uploaded import with its mapping (queued). The job's steps are in listImportJob.service.ts, the SQL in
 * listImports.repository.ts.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Db, Queryable } from '../../db';
import { ApiError, unprocessable, validationError } from '../../http/errors';
import type { JobQueue } from '../../queue/jobQueue';
import { enqueueListImport } from '../../workers/listImport';
import { loadCampaign } from './campaigns.service';
import type { CampaignDto } from './campaigns.schemas';
import {
  deleteImport,
  findImport,
  insertImport,
  insertUploadRows,
  saveMapping,
  setImportTotal,
  startUploadedImport,
} from './listImports.repository';
import { IMPORT_FIELDS, type ImportDto, type ImportField, type ImportMapping } from './listImports.schemas';

/** Most data rows one file may hold (the 100,000; LIST_IMPORT_MAX_ROWS lowers it, e.g. for tests). */
export const IMPORT_MAX_ROWS = 100_000;
export function importMaxRows(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const n = Number(env.LIST_IMPORT_MAX_ROWS);
  return Number.isInteger(n) && n >= 1 && n <= IMPORT_MAX_ROWS ? n : IMPORT_MAX_ROWS;
}
/** Largest upload (bytes): 100,000 rows of ~500 bytes. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows stored per statement while the upload streams in. */
const UPLOAD_BATCH = 1000;
/** Header names (lower-cased, spaces and punctuation dropped) that suggest a field, in en, es, fr and de. */
const ALIASES: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'nombre', 'nom', 'nomcomplet', 'contact', 'contactname'],
  first_name: ['firstname', 'first', 'givenname', 'prenom', 'vorname'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'apellido', 'apellidos', 'nomdefamille', 'nachname'],
  email: ['email', 'emailaddress', 'mail', 'correo', 'correoelectronico', 'courriel', 'adresseemail', 'emailadresse'],
  company: [
    'company',
    'companyname',
    'organization',
    'organisation',
    'empresa',
    'entreprise',
    'societe',
    'firma',
    'unternehmen',
  ],
  job_title: [
    'jobtitle',
    'title',
    'position',
    'role',
    'cargo',
    'puesto',
    'poste',
    'fonction',
    'titre',
    'position',
    'berufsbezeichnung',
  ],
  website: ['website', 'web', 'url', 'domain', 'site', 'sitioweb', 'siteweb', 'webseite', 'dominio', 'domaine'],
  city: ['city', 'town', 'ciudad', 'ville', 'stadt', 'ort'],
  country: ['country', 'pais', 'pays', 'land'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'mobile', 'telefono', 'telefon'],
  linkedin_url: ['linkedin', 'linkedinurl', 'linkedinprofile'],
};
const squash = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** The mapping a file's header suggests: each field to the first column whose name is one of its aliases. */
export function suggestMapping(columns: readonly string[]): ImportMapping {
  const out: ImportMapping = {};
  const used = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const column = columns.find((c) => !used.has(c) && ALIASES[field].includes(squash(c)));
    if (column !== undefined) {
      out[field] = column;
      used.add(column);
    }
  }
  return out;
}

/** One import of the user's (another account's answers 404). */
export async function loadImport(db: Queryable, userId: number, id: number): Promise<ImportDto> {
  const row = await findImport(db, userId, id);
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/**
 * The owner's list `campaignId` and its import `importId`: 404 when either is not the user's, 400 on `importId` when
 * the import belongs to another of the user's lists.
 */
export async function loadListImport(
  db: Queryable,
  userId: number,
  campaignId: number,
  importId: number,
): Promise<{ campaign: CampaignDto; found: ImportDto }> {
  const campaign = await loadCampaign(db, userId, campaignId);
  const found = await loadImport(db, userId, importId);
  if (found.campaign_id !== campaign.id) throw validationError({ field: 'importId', code: 'validation.invalid' });
  return { campaign, found };
}

/**
 * Starts an uploaded import with the mapping (only the fields given a column; each column one of the file's, and at
 * least one field that names a contact), saving the mapping by name if asked; the import and its first job commit
 * together. 422 `lists.import_not_startable` once it has started.
 */
export async function startImport(
  db: Db,
  queue: JobQueue,
  userId: number,
  campaign: CampaignDto,
  found: ImportDto,
  options: { mapping: ImportMapping; saveAs?: string; findEmails: boolean; skipDuplicates: boolean },
): Promise<void> {
  const mapping = Object.fromEntries(Object.entries(options.mapping).filter(([, column]) => column)) as ImportMapping;
  for (const [field, column] of Object.entries(mapping)) {
    if (!found.columns.includes(column))
      throw validationError({ field: `mapping.${field}`, code: 'lists.import_unknown_column', params: { column } });
  }
  if (
    !mapping.name &&
    !mapping.first_name &&
    !mapping.last_name &&
    !mapping.email &&
    !mapping.website &&
    !mapping.linkedin_url
  ) {
    throw validationError({ field: 'mapping', code: 'lists.import_mapping_empty' });
  }
  await db.transaction(async (tx) => {
    const started = await startUploadedImport(tx, found.id, {
      mapping,
      findEmails: options.findEmails,
      skipDuplicates: options.skipDuplicates,
    });
    if (!started) throw unprocessable('lists.import_not_startable');
    if (options.saveAs?.trim()) await saveMapping(tx, userId, campaign.list_type, options.saveAs.trim(), mapping);
    await enqueueListImport(queue, found.id, tx);
  });
}

/**
 * Reads an uploaded CSV as it streams in (csv-parse): the first record is the header, every further record is stored
 * in `list_import_rows` by batches of UPLOAD_BATCH, so memory holds one batch whatever the file's size. A file with no
 * header, no rows or more than IMPORT_MAX_ROWS rows is refused (400 naming `file`) and nothing of it is kept.
 */
export async function storeUpload(
  db: Db,
  input: { campaignId: number; userId: number; actorId: number; impersonatorId: number | null; fileName: string },
  body: Readable,
): Promise<number> {
  const parser = body.pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 }),
  );
  const maxRows = importMaxRows();
  let importId: number | null = null;
  let line = 0;
  let batch: { line: number; cells: string[] }[] = [];
  const flush = async () => {
    if (!batch.length) return;
    await insertUploadRows(db, importId!, batch);
    batch = [];
  };
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (importId === null) {
        const columns = record.map((c, i) => c || `#${i + 1}`);
        if (!columns.length) break;
        importId = await insertImport(db, input, columns);
        continue;
      }
      line += 1;
      if (line > maxRows)
        throw validationError({ field: 'file', code: 'lists.csv_too_many_rows', params: { max: maxRows } });
      batch.push({ line, cells: record });
      if (batch.length >= UPLOAD_BATCH) await flush();
    }
    await flush();
    if (importId === null || line === 0) throw validationError({ field: 'file', code: 'lists.import_no_rows' });
    await setImportTotal(db, importId, line);
    return importId;
  } catch (error) {
    if (importId !== null) await deleteImport(db, importId);
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (typeof code === 'string' && code.startsWith('CSV_'))
      throw new ApiError(400, 'lists.csv_unreadable', {
        field: 'file',
        params: { reason: (error as Error).message.slice(0, 200) },
      });
    throw error;
  }
}

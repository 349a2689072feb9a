import type { Translations } from './types';

/** Messages of CSV imports into a list (issue 29 item 3). */
export const listImportMessages = {
  'lists.import_no_rows': {
    en: 'The file needs a header line and at least one row.',
    es: 'El archivo necesita una línea de encabezado y al menos una fila.',
    fr: 'Le fichier doit avoir une ligne d’en-tête et au moins une ligne.',
    de: 'Die Datei braucht eine Kopfzeile und mindestens eine Zeile.',
  },
  'lists.import_uploaded': {
    en: ({ n }) => `File read: ${n} rows. Choose which column holds each field.`,
    es: ({ n }) => `Archivo leído: ${n} filas. Elige qué columna contiene cada campo.`,
    fr: ({ n }) => `Fichier lu : ${n} lignes. Choisissez la colonne de chaque champ.`,
    de: ({ n }) => `Datei gelesen: ${n} Zeilen. Wählen Sie für jedes Feld die Spalte.`,
  },
  'lists.import_started': {
    en: 'Import started. The list fills as rows are read.',
    es: 'Importación iniciada. La lista se llena a medida que se leen las filas.',
    fr: 'Import lancé. La liste se remplit au fil de la lecture.',
    de: 'Import gestartet. Die Liste füllt sich, während die Zeilen gelesen werden.',
  },
  'lists.import_mapping_empty': {
    en: 'Map at least one column to a name, email, website or LinkedIn URL.',
    es: 'Asigna al menos una columna a un nombre, correo, sitio web o URL de LinkedIn.',
    fr: 'Associez au moins une colonne à un nom, un e-mail, un site web ou une URL LinkedIn.',
    de: 'Ordnen Sie mindestens eine Spalte einem Namen, einer E-Mail, einer Website oder einer LinkedIn-URL zu.',
  },
  'lists.import_unknown_column': {
    en: ({ column }) => `The file has no column "${column}".`,
    es: ({ column }) => `El archivo no tiene la columna "${column}".`,
    fr: ({ column }) => `Le fichier n’a pas de colonne « ${column} ».`,
    de: ({ column }) => `Die Datei hat keine Spalte „${column}“.`,
  },
  'lists.import_not_startable': {
    en: 'This import has already started.',
    es: 'Esta importación ya ha comenzado.',
    fr: 'Cet import a déjà commencé.',
    de: 'Dieser Import wurde bereits gestartet.',
  },
  'lists.import_type_unsupported': {
    en: 'Rows cannot be imported into this type of list.',
    es: 'No se pueden importar filas en este tipo de lista.',
    fr: 'Impossible d’importer des lignes dans ce type de liste.',
    de: 'In diesen Listentyp können keine Zeilen importiert werden.',
  },
  'lists.import_error_empty_row': {
    en: 'No name, email, website or LinkedIn URL.',
    es: 'Sin nombre, correo, sitio web ni URL de LinkedIn.',
    fr: 'Ni nom, ni e-mail, ni site web, ni URL LinkedIn.',
    de: 'Kein Name, keine E-Mail, Website oder LinkedIn-URL.',
  },
  'lists.import_error_bad_email': {
    en: 'Not a valid email address.',
    es: 'No es una dirección de correo válida.',
    fr: 'Adresse e-mail non valide.',
    de: 'Keine gültige E-Mail-Adresse.',
  },
  'lists.import_error_bad_url': {
    en: 'Not a valid URL.',
    es: 'No es una URL válida.',
    fr: 'URL non valide.',
    de: 'Keine gültige URL.',
  },
  'lists.import_error_duplicate': {
    en: 'Already in the list (skipped).',
    es: 'Ya está en la lista (omitido).',
    fr: 'Déjà dans la liste (ignoré).',
    de: 'Bereits in der Liste (übersprungen).',
  },
  'lists.import_error_suppressed': {
    en: 'On the do-not-contact list (skipped).',
    es: 'En la lista de no contactar (omitido).',
    fr: 'Dans la liste à ne pas contacter (ignoré).',
    de: 'Auf der Nicht-kontaktieren-Liste (übersprungen).',
  },
  'lists.import_report_line': { en: 'Line', es: 'Línea', fr: 'Ligne', de: 'Zeile' },
  'lists.import_report_field': { en: 'Field', es: 'Campo', fr: 'Champ', de: 'Feld' },
  'lists.import_report_value': { en: 'Value', es: 'Valor', fr: 'Valeur', de: 'Wert' },
  'lists.import_report_error': { en: 'Reason', es: 'Motivo', fr: 'Motif', de: 'Grund' },
} satisfies Record<string, Translations>;

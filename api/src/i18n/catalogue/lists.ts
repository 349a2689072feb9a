import type { Translations } from './types';

/** Messages of list power (issue 29): do-not-contact list, duplicates, imports, undo and trash. */
export const listMessages = {
  'lists.suppression_value': {
    en: 'Enter an email address or a domain (example.com).',
    es: 'Introduce una dirección de correo o un dominio (example.com).',
    fr: 'Saisissez une adresse e-mail ou un domaine (example.com).',
    de: 'Geben Sie eine E-Mail-Adresse oder eine Domain ein (example.com).',
  },
  'lists.suppression_exists': {
    en: 'This entry is already on the do-not-contact list.',
    es: 'Esta entrada ya está en la lista de no contactar.',
    fr: 'Cette entrée figure déjà dans la liste à ne pas contacter.',
    de: 'Dieser Eintrag steht bereits auf der Nicht-kontaktieren-Liste.',
  },
  'lists.suppression_added': {
    en: '{value} added to the do-not-contact list.',
    es: '{value} añadido a la lista de no contactar.',
    fr: '{value} ajouté à la liste à ne pas contacter.',
    de: '{value} wurde der Nicht-kontaktieren-Liste hinzugefügt.',
  },
  'lists.suppression_removed': {
    en: 'Entry removed from the do-not-contact list.',
    es: 'Entrada eliminada de la lista de no contactar.',
    fr: 'Entrée retirée de la liste à ne pas contacter.',
    de: 'Eintrag von der Nicht-kontaktieren-Liste entfernt.',
  },
  'lists.suppression_imported': {
    en: ({ added, invalid }) =>
      `${added} entries added${Number(invalid) ? `, ${invalid} lines skipped (no email or domain)` : ''}.`,
    es: ({ added, invalid }) =>
      `${added} entradas añadidas${Number(invalid) ? `, ${invalid} líneas omitidas (sin correo ni dominio)` : ''}.`,
    fr: ({ added, invalid }) =>
      `${added} entrées ajoutées${Number(invalid) ? `, ${invalid} lignes ignorées (ni e-mail ni domaine)` : ''}.`,
    de: ({ added, invalid }) =>
      `${added} Einträge hinzugefügt${Number(invalid) ? `, ${invalid} Zeilen übersprungen (keine E-Mail oder Domain)` : ''}.`,
  },
  'lists.csv_unreadable': {
    en: 'The CSV file could not be read: {reason}',
    es: 'No se pudo leer el archivo CSV: {reason}',
    fr: 'Le fichier CSV est illisible : {reason}',
    de: 'Die CSV-Datei konnte nicht gelesen werden: {reason}',
  },
  'lists.csv_too_many_rows': {
    en: 'A file may hold at most {max} rows.',
    es: 'Un archivo puede tener como máximo {max} filas.',
    fr: 'Un fichier peut contenir au plus {max} lignes.',
    de: 'Eine Datei darf höchstens {max} Zeilen enthalten.',
  },
  // A CRM send's refusal of a row on the do-not-contact list (CrmErrorCode 'suppressed', see settings.crm.*).
  'settings.crm.suppressed': {
    en: 'Not sent: on the do-not-contact list.',
    es: 'No enviado: está en la lista de no contactar.',
    fr: 'Non envoyé : figure dans la liste à ne pas contacter.',
    de: 'Nicht gesendet: steht auf der Nicht-kontaktieren-Liste.',
  },
} satisfies Record<string, Translations>;

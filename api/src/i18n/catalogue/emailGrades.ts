import type { Translations } from './types';

/** Messages of email verification grades and bounce reports (issue 29 item 8). */
export const emailGradeMessages = {
  'lists.verify_queued': {
    en: ({ n }) => `Emails being verified: ${n}. Grades appear as they are checked.`,
    es: ({ n }) => `Correos en verificación: ${n}. Las calificaciones aparecen a medida que se comprueban.`,
    fr: ({ n }) => `E-mails en cours de vérification : ${n}. Les notes apparaissent au fur et à mesure.`,
    de: ({ n }) => `E-Mails in Prüfung: ${n}. Die Bewertungen erscheinen nach und nach.`,
  },
  'lists.verify_nothing': {
    en: 'Every email of this list is already graded.',
    es: 'Todos los correos de esta lista ya están calificados.',
    fr: 'Tous les e-mails de cette liste sont déjà notés.',
    de: 'Alle E-Mails dieser Liste sind bereits bewertet.',
  },
  'lists.bounce_endpoint_regenerated': {
    en: 'New bounce report address created. The old one no longer works.',
    es: 'Nueva dirección de informes de rebote creada. La anterior ya no funciona.',
    fr: 'Nouvelle adresse de signalement des rebonds créée. L’ancienne ne fonctionne plus.',
    de: 'Neue Adresse für Bounce-Meldungen erstellt. Die alte funktioniert nicht mehr.',
  },
  'lists.bounce_recorded': {
    en: ({ results, refunded }) => `Bounce recorded. Results marked: ${results}; credits refunded: ${refunded}.`,
    es: ({ results, refunded }) =>
      `Rebote registrado. Resultados marcados: ${results}; créditos reembolsados: ${refunded}.`,
    fr: ({ results, refunded }) =>
      `Rebond enregistré. Résultats marqués : ${results} ; crédits remboursés : ${refunded}.`,
    de: ({ results, refunded }) => `Bounce erfasst. Markierte Ergebnisse: ${results}; erstattete Credits: ${refunded}.`,
  },
} satisfies Record<string, Translations>;

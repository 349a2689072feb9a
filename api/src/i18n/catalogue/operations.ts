import type { Translations } from './types';

/** Messages of operating the service (issue 34): maintenance mode. */
export const operationsMessages = {
  maintenance: {
    en: 'The service is down for maintenance. Please try again later.',
    es: 'El servicio está en mantenimiento. Inténtalo de nuevo más tarde.',
    fr: 'Le service est en maintenance. Veuillez réessayer plus tard.',
    de: 'Der Dienst wird gerade gewartet. Bitte versuchen Sie es später erneut.',
  },
  'maintenance.saved_on': {
    en: 'Maintenance mode is on: only super admins can use the app.',
    es: 'El modo de mantenimiento está activado: solo los superadministradores pueden usar la aplicación.',
    fr: "Le mode maintenance est activé : seuls les super-administrateurs peuvent utiliser l'application.",
    de: 'Der Wartungsmodus ist aktiv: Nur Super-Admins können die App nutzen.',
  },
  'maintenance.saved_off': {
    en: 'Maintenance mode is off.',
    es: 'El modo de mantenimiento está desactivado.',
    fr: 'Le mode maintenance est désactivé.',
    de: 'Der Wartungsmodus ist aus.',
  },
  'privacy.retention_saved': {
    en: 'Retention saved.',
    es: 'Conservación guardada.',
    fr: 'Durée de conservation enregistrée.',
    de: 'Aufbewahrung gespeichert.',
  },
  'privacy.export_queued': {
    en: 'Your export is being prepared. It appears below when it is ready.',
    es: 'Estamos preparando tu exportación. Aparecerá abajo cuando esté lista.',
    fr: 'Votre export est en préparation. Il apparaîtra ci-dessous une fois prêt.',
    de: 'Ihr Export wird vorbereitet. Er erscheint unten, sobald er fertig ist.',
  },
  'privacy.export_running': {
    en: 'An export is already being prepared.',
    es: 'Ya se está preparando una exportación.',
    fr: 'Un export est déjà en préparation.',
    de: 'Ein Export wird bereits vorbereitet.',
  },
  'privacy.wrong_password': {
    en: 'The password is not correct.',
    es: 'La contraseña no es correcta.',
    fr: "Le mot de passe n'est pas correct.",
    de: 'Das Passwort ist nicht korrekt.',
  },
  'privacy.deletion_scheduled': {
    en: (p) => `Your account will be deleted for good on ${p.date}. You can cancel until then.`,
    es: (p) => `Tu cuenta se eliminará definitivamente el ${p.date}. Puedes cancelarlo hasta entonces.`,
    fr: (p) => `Votre compte sera supprimé définitivement le ${p.date}. Vous pouvez annuler d'ici là.`,
    de: (p) => `Ihr Konto wird am ${p.date} endgültig gelöscht. Bis dahin können Sie das abbrechen.`,
  },
  'privacy.deletion_cancelled': {
    en: 'The deletion of your account is cancelled.',
    es: 'Se ha cancelado la eliminación de tu cuenta.',
    fr: 'La suppression de votre compte est annulée.',
    de: 'Die Löschung Ihres Kontos wurde abgebrochen.',
  },
  'privacy.person_erased': {
    en: (p) => `Erased: ${p.n} results in ${p.accounts} accounts. Searches will not bring this person back.`,
    es: (p) => `Borrado: ${p.n} resultados en ${p.accounts} cuentas. Las búsquedas no volverán a traer a esta persona.`,
    fr: (p) =>
      `Effacé : ${p.n} résultats dans ${p.accounts} comptes. Les recherches ne ramèneront plus cette personne.`,
    de: (p) => `Gelöscht: ${p.n} Ergebnisse in ${p.accounts} Konten. Suchen bringen diese Person nicht zurück.`,
  },
} satisfies Record<string, Translations>;

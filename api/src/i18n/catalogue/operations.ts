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
} satisfies Record<string, Translations>;

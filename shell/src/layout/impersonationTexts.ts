import type { AreaTranslations } from '@leadsmith/shared/core';

/** The impersonation banner's texts (its own namespace), read by the banner and by the boot frame. */
export const IMPERSONATION_TEXTS = {
  en: { viewingAs: 'You are signed in as {{name}} (logged in by an admin).', back: 'Return to admin' },
  es: { viewingAs: 'Ha iniciado sesión como {{name}} (acceso de administrador).', back: 'Volver al administrador' },
  fr: {
    viewingAs: 'Vous êtes connecté en tant que {{name}} (connexion par un administrateur).',
    back: 'Revenir à l’administration',
  },
  de: { viewingAs: 'Sie sind als {{name}} angemeldet (Anmeldung durch einen Admin).', back: 'Zurück zum Admin-Konto' },
} satisfies AreaTranslations;

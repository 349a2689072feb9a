import type { Translations } from './types';

/** Messages of subscriptions' billing (renewals, PayKickstart). */
export const billingMessages = {
  'billing.paykickstart_saved': {
    en: 'PayKickstart settings saved.',
    es: 'Ajustes de PayKickstart guardados.',
    fr: 'Paramètres PayKickstart enregistrés.',
    de: 'PayKickstart-Einstellungen gespeichert.',
  },
  'billing.paykickstart_disconnected': {
    en: 'PayKickstart is disconnected.',
    es: 'PayKickstart está desconectado.',
    fr: 'PayKickstart est déconnecté.',
    de: 'PayKickstart ist getrennt.',
  },
  'billing.paykickstart_product_twice': {
    en: 'This PayKickstart product is mapped twice.',
    es: 'Este producto de PayKickstart está asignado dos veces.',
    fr: 'Ce produit PayKickstart est associé deux fois.',
    de: 'Dieses PayKickstart-Produkt ist doppelt zugeordnet.',
  },
  'billing.ipn_unverified': {
    en: 'The notification could not be verified (verification_code does not match).',
    es: 'No se pudo verificar la notificación (verification_code no coincide).',
    fr: "La notification n'a pas pu être vérifiée (verification_code ne correspond pas).",
    de: 'Die Benachrichtigung konnte nicht verifiziert werden (verification_code stimmt nicht).',
  },
} satisfies Record<string, Translations>;

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
  terms_accepted: {
    en: 'Thank you: the terms are accepted.',
    es: 'Gracias: los términos están aceptados.',
    fr: 'Merci : les conditions sont acceptées.',
    de: 'Danke: Die Bedingungen sind akzeptiert.',
  },
  terms_version_changed: {
    en: 'The terms have changed (version {version}); please read them again.',
    es: 'Los términos han cambiado (versión {version}); léelos de nuevo.',
    fr: 'Les conditions ont changé (version {version}) ; veuillez les relire.',
    de: 'Die Bedingungen haben sich geändert (Version {version}); bitte lesen Sie sie erneut.',
  },
  credit_popup_disabled: {
    en: 'The credit pop-up will not be shown again.',
    es: 'La ventana de créditos no se volverá a mostrar.',
    fr: 'La fenêtre des crédits ne sera plus affichée.',
    de: 'Das Credit-Fenster wird nicht mehr angezeigt.',
  },
  social_state_invalid: {
    en: 'This sign-in link has expired or was already used; please start again.',
    es: 'Este enlace de inicio de sesión ha caducado o ya se usó; vuelve a empezar.',
    fr: 'Ce lien de connexion a expiré ou a déjà été utilisé ; veuillez recommencer.',
    de: 'Dieser Anmeldelink ist abgelaufen oder wurde bereits verwendet; bitte beginnen Sie erneut.',
  },
  social_failed: {
    en: 'Sign-in with {provider} failed; please try again.',
    es: 'El inicio de sesión con {provider} falló; inténtalo de nuevo.',
    fr: 'La connexion avec {provider} a échoué ; veuillez réessayer.',
    de: 'Die Anmeldung mit {provider} ist fehlgeschlagen; bitte versuchen Sie es erneut.',
  },
  social_email_unverified: {
    en: '{provider} has not verified this email address; sign in with your password instead.',
    es: '{provider} no ha verificado esta dirección de correo; inicia sesión con tu contraseña.',
    fr: "{provider} n'a pas vérifié cette adresse e-mail ; connectez-vous avec votre mot de passe.",
    de: '{provider} hat diese E-Mail-Adresse nicht bestätigt; melden Sie sich mit Ihrem Passwort an.',
  },
  'billing.sales_confirm_body': {
    en: 'Your account is ready. We emailed you a 6-digit code: confirm your email address, then sign in with the password you chose.',
    es: 'Tu cuenta está lista. Te enviamos un código de 6 dígitos: confirma tu correo y luego inicia sesión con la contraseña que elegiste.',
    fr: 'Votre compte est prêt. Nous vous avons envoyé un code à 6 chiffres : confirmez votre adresse e-mail, puis connectez-vous avec le mot de passe choisi.',
    de: 'Ihr Konto ist bereit. Wir haben Ihnen einen 6-stelligen Code gesendet: Bestätigen Sie Ihre E-Mail-Adresse und melden Sie sich dann mit dem gewählten Passwort an.',
  },
  'billing.sales_confirm_link': {
    en: 'Confirm your email',
    es: 'Confirma tu correo',
    fr: 'Confirmez votre e-mail',
    de: 'E-Mail bestätigen',
  },
} satisfies Record<string, Translations>;

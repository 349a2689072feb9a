import type { Translations } from './types';

const plural = (n: unknown, one: string, many: string): string => (Number(n) === 1 ? one : many);

/** Messages of the API core: validation, auth, session, profile. */
export const coreMessages = {
  // --- validation (spec §5 texts) ---
  'validation.required': {
    en: 'This field is required.',
    es: 'Este campo es obligatorio.',
    fr: 'Ce champ est obligatoire.',
    de: 'Dieses Feld ist erforderlich.',
  },
  'validation.email': {
    en: 'Please enter a valid email address.',
    es: 'Introduce una dirección de correo electrónico válida.',
    fr: 'Veuillez saisir une adresse e-mail valide.',
    de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  },
  'validation.image_formats': {
    en: 'Accepted image formats: {formats}',
    es: 'Formatos de imagen aceptados: {formats}',
    fr: "Formats d'image acceptés : {formats}",
    de: 'Erlaubte Bildformate: {formats}',
  },
  'validation.url': {
    en: 'Please enter a valid URL.',
    es: 'Introduce una URL válida.',
    fr: 'Veuillez saisir une URL valide.',
    de: 'Bitte geben Sie eine gültige URL ein.',
  },
  'validation.domain': {
    en: 'Please enter a valid domain or URL.',
    es: 'Introduce un dominio o una URL válidos.',
    fr: 'Veuillez saisir un domaine ou une URL valide.',
    de: 'Bitte geben Sie eine gültige Domain oder URL ein.',
  },
  'validation.type': {
    en: 'This type is not valid.',
    es: 'Este tipo no es válido.',
    fr: "Ce type n'est pas valide.",
    de: 'Dieser Typ ist ungültig.',
  },
  'validation.invalid': {
    en: 'This value is not valid.',
    es: 'Este valor no es válido.',
    fr: "Cette valeur n'est pas valide.",
    de: 'Dieser Wert ist ungültig.',
  },
  'validation.time_zone': {
    en: 'Choose a time zone from the list (for example Europe/Paris).',
    es: 'Elige una zona horaria de la lista (por ejemplo Europe/Madrid).',
    fr: 'Choisissez un fuseau horaire dans la liste (par exemple Europe/Paris).',
    de: 'Wählen Sie eine Zeitzone aus der Liste (zum Beispiel Europe/Berlin).',
  },
  'validation.enum': {
    en: 'Choose one of: {values}.',
    es: 'Elige uno de estos valores: {values}.',
    fr: "Choisissez l'une de ces valeurs : {values}.",
    de: 'Wählen Sie einen dieser Werte: {values}.',
  },
  'validation.password_min': {
    en: 'Password must be at least {min} characters.',
    es: 'La contraseña debe tener al menos {min} caracteres.',
    fr: 'Le mot de passe doit contenir au moins {min} caractères.',
    de: 'Das Passwort muss mindestens {min} Zeichen lang sein.',
  },
  'validation.passwords_match': {
    en: 'Passwords must match.',
    es: 'Las contraseñas deben coincidir.',
    fr: 'Les mots de passe doivent correspondre.',
    de: 'Die Passwörter müssen übereinstimmen.',
  },
  'validation.min_length': {
    en: 'Must be at least {min} characters.',
    es: 'Debe tener al menos {min} caracteres.',
    fr: 'Doit contenir au moins {min} caractères.',
    de: 'Muss mindestens {min} Zeichen lang sein.',
  },
  'validation.max_length': {
    en: 'Must be at most {max} characters.',
    es: 'Debe tener como máximo {max} caracteres.',
    fr: 'Doit contenir au plus {max} caractères.',
    de: 'Darf höchstens {max} Zeichen lang sein.',
  },
  'validation.minimum': {
    en: 'The minimum number is {min}.',
    es: 'El número mínimo es {min}.',
    fr: 'Le nombre minimum est {min}.',
    de: 'Die kleinste zulässige Zahl ist {min}.',
  },
  'validation.maximum': {
    en: 'The maximum number is {max}.',
    es: 'El número máximo es {max}.',
    fr: 'Le nombre maximum est {max}.',
    de: 'Die größte zulässige Zahl ist {max}.',
  },
  'validation.integer': {
    en: 'Integers only.',
    es: 'Solo números enteros.',
    fr: 'Nombres entiers uniquement.',
    de: 'Nur ganze Zahlen.',
  },
  'validation.code_format': {
    en: 'The code must be 6 digits.',
    es: 'El código debe tener 6 dígitos.',
    fr: 'Le code doit comporter 6 chiffres.',
    de: 'Der Code muss aus 6 Ziffern bestehen.',
  },
  'validation.unknown_field': {
    en: 'This field is not allowed.',
    es: 'Este campo no está permitido.',
    fr: "Ce champ n'est pas autorisé.",
    de: 'Dieses Feld ist nicht erlaubt.',
  },

  // --- request-level errors ---
  validation_failed: {
    en: 'Some fields are not valid.',
    es: 'Algunos campos no son válidos.',
    fr: 'Certains champs ne sont pas valides.',
    de: 'Einige Felder sind ungültig.',
  },
  malformed_json: {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es un JSON válido.',
    fr: "Le corps de la requête n'est pas un JSON valide.",
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  },
  unsupported_media_type: {
    en: 'Content-Type "{type}" is not supported. Send application/json.',
    es: 'El Content-Type "{type}" no es compatible. Envía application/json.',
    fr: "Le Content-Type « {type} » n'est pas pris en charge. Envoyez application/json.",
    de: 'Content-Type „{type}“ wird nicht unterstützt. Senden Sie application/json.',
  },
  payload_too_large: {
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
    fr: 'La requête est trop volumineuse.',
    de: 'Die Anfrage ist zu groß.',
  },
  bad_request: {
    en: 'The request could not be processed.',
    es: 'No se pudo procesar la solicitud.',
    fr: "La requête n'a pas pu être traitée.",
    de: 'Die Anfrage konnte nicht verarbeitet werden.',
  },
  not_found: {
    en: 'Not found.',
    es: 'No encontrado.',
    fr: 'Introuvable.',
    de: 'Nicht gefunden.',
  },
  rate_limited: {
    en: 'Too many requests. Please try again later.',
    es: 'Demasiadas solicitudes. Inténtalo de nuevo más tarde.',
    fr: 'Trop de requêtes. Veuillez réessayer plus tard.',
    de: 'Zu viele Anfragen. Bitte versuchen Sie es später erneut.',
  },
  server_error: {
    en: 'An unexpected error occurred.',
    es: 'Se produjo un error inesperado.',
    fr: "Une erreur inattendue s'est produite.",
    de: 'Ein unerwarteter Fehler ist aufgetreten.',
  },
  web_not_built: {
    en: 'The web app is not built yet. Run "npm run build" first.',
    es: 'La aplicación web aún no está compilada. Ejecuta primero "npm run build".',
    fr: "L'application web n'est pas encore compilée. Lancez d'abord « npm run build ».",
    de: 'Die Web-App ist noch nicht gebaut. Führen Sie zuerst „npm run build“ aus.',
  },

  // --- auth ---
  unauthenticated: {
    en: 'Please log in to continue.',
    es: 'Inicia sesión para continuar.',
    fr: 'Veuillez vous connecter pour continuer.',
    de: 'Bitte melden Sie sich an, um fortzufahren.',
  },
  forbidden: {
    en: 'You do not have permission to do this.',
    es: 'No tienes permiso para hacer esto.',
    fr: "Vous n'avez pas l'autorisation de faire cela.",
    de: 'Sie haben keine Berechtigung dafür.',
  },
  license_expired: {
    en: 'Your licence has expired. Contact your provider to renew it.',
    es: 'Tu licencia ha caducado. Contacta con tu proveedor para renovarla.',
    fr: 'Votre licence a expiré. Contactez votre fournisseur pour la renouveler.',
    de: 'Ihre Lizenz ist abgelaufen. Wenden Sie sich zur Verlängerung an Ihren Anbieter.',
  },
  invalid_credentials: {
    en: 'These credentials do not match our records.',
    es: 'Estas credenciales no coinciden con nuestros registros.',
    fr: 'Ces identifiants ne correspondent pas à nos enregistrements.',
    de: 'Diese Zugangsdaten stimmen nicht mit unseren Daten überein.',
  },
  too_many_attempts: {
    en: (p) => `Too many login attempts. Try again in ${p.minutes} ${plural(p.minutes, 'minute', 'minutes')}.`,
    es: (p) =>
      `Demasiados intentos de inicio de sesión. Inténtalo de nuevo en ${p.minutes} ${plural(p.minutes, 'minuto', 'minutos')}.`,
    fr: (p) =>
      `Trop de tentatives de connexion. Réessayez dans ${p.minutes} ${plural(p.minutes, 'minute', 'minutes')}.`,
    de: (p) =>
      `Zu viele Anmeldeversuche. Versuchen Sie es in ${p.minutes} ${plural(p.minutes, 'Minute', 'Minuten')} erneut.`,
  },
  email_not_verified: {
    en: 'Please confirm your email address first. Check your inbox for the code.',
    es: 'Primero confirma tu dirección de correo electrónico. Busca el código en tu bandeja de entrada.',
    fr: "Veuillez d'abord confirmer votre adresse e-mail. Le code se trouve dans votre boîte de réception.",
    de: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse. Den Code finden Sie in Ihrem Posteingang.',
  },
  email_taken: {
    en: 'This email is already registered. Please use a different one.',
    es: 'Este correo electrónico ya está registrado. Usa otro.',
    fr: 'Cette adresse e-mail est déjà enregistrée. Veuillez en utiliser une autre.',
    de: 'Diese E-Mail-Adresse ist bereits registriert. Bitte verwenden Sie eine andere.',
  },
  confirmation_sent: {
    en: 'We sent a confirmation code to {email}.',
    es: 'Enviamos un código de confirmación a {email}.',
    fr: 'Nous avons envoyé un code de confirmation à {email}.',
    de: 'Wir haben einen Bestätigungscode an {email} gesendet.',
  },
  confirmation_resent: {
    en: 'If {email} is waiting for confirmation, we sent it a new code.',
    es: 'Si {email} está pendiente de confirmación, le enviamos un código nuevo.',
    fr: 'Si {email} attend une confirmation, nous lui avons envoyé un nouveau code.',
    de: 'Falls {email} auf eine Bestätigung wartet, haben wir einen neuen Code gesendet.',
  },
  resend_too_soon: {
    en: (p) => `Please wait ${p.seconds} ${plural(p.seconds, 'second', 'seconds')} before requesting a new code.`,
    es: (p) => `Espera ${p.seconds} ${plural(p.seconds, 'segundo', 'segundos')} antes de solicitar un código nuevo.`,
    fr: (p) =>
      `Veuillez patienter ${p.seconds} ${plural(p.seconds, 'seconde', 'secondes')} avant de demander un nouveau code.`,
    de: (p) =>
      `Bitte warten Sie ${p.seconds} ${plural(p.seconds, 'Sekunde', 'Sekunden')}, bevor Sie einen neuen Code anfordern.`,
  },
  invalid_code: {
    en: 'The code is invalid or has expired.',
    es: 'El código no es válido o ha caducado.',
    fr: 'Le code est invalide ou a expiré.',
    de: 'Der Code ist ungültig oder abgelaufen.',
  },
  too_many_code_attempts_today: {
    en: 'Too many wrong codes today. Please try again tomorrow.',
    es: 'Demasiados códigos incorrectos hoy. Inténtalo de nuevo mañana.',
    fr: "Trop de codes erronés aujourd'hui. Veuillez réessayer demain.",
    de: 'Heute wurden zu viele falsche Codes eingegeben. Bitte versuchen Sie es morgen erneut.',
  },
  too_many_code_attempts: {
    en: 'Too many attempts with this code. Please request a new one.',
    es: 'Demasiados intentos con este código. Solicita uno nuevo.',
    fr: 'Trop de tentatives avec ce code. Veuillez en demander un nouveau.',
    de: 'Zu viele Versuche mit diesem Code. Bitte fordern Sie einen neuen an.',
  },
  reset_code_sent: {
    en: 'If an account exists for {email}, we sent it a code to reset the password. Check your email.',
    es: 'Si existe una cuenta para {email}, le enviamos un código para restablecer la contraseña. Revisa tu correo.',
    fr: 'Si un compte existe pour {email}, nous lui avons envoyé un code pour réinitialiser le mot de passe. Consultez vos e-mails.',
    de: 'Falls ein Konto für {email} existiert, haben wir einen Code zum Zurücksetzen des Passworts gesendet. Prüfen Sie Ihre E-Mails.',
  },
  password_reset: {
    en: 'Your password has been reset. You can now log in.',
    es: 'Tu contraseña se ha restablecido. Ya puedes iniciar sesión.',
    fr: 'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
    de: 'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt anmelden.',
  },
  provider_not_configured: {
    en: 'Sign-in with {provider} is not configured.',
    es: 'El inicio de sesión con {provider} no está configurado.',
    fr: 'La connexion avec {provider} n’est pas configurée.',
    de: 'Die Anmeldung mit {provider} ist nicht eingerichtet.',
  },

  // --- profile ---
  profile_updated: {
    en: 'Profile updated',
    es: 'Perfil actualizado',
    fr: 'Profil mis à jour',
    de: 'Profil aktualisiert',
  },
} satisfies Record<string, Translations>;

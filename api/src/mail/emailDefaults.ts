import type { Language } from '../i18n/messages';
import type { EmailKind } from './emailKinds';

/** A built-in email: a subject, paragraphs (one `<p>` each in HTML, blank-line separated in text) and the button's label. */
export interface DefaultEmail {
  subject: string;
  paragraphs: readonly string[];
  action: string;
}

type Defaults = Readonly<Record<EmailKind, Readonly<Record<Language, DefaultEmail>>>>;

/**
 * The built-in texts in every language, chosen by the recipient's language. They name the brand
 * (`{brand}`: the reseller's business name, or the platform's for its own customers), never the
 * platform. Placeholders are listed per kind in emailKinds.ts.
 */
export const EMAIL_DEFAULTS: Defaults = {
  welcome: {
    en: {
      subject: 'Welcome to {brand}',
      paragraphs: [
        'Hello {name},',
        'your {brand} account ({email}) is ready.',
        'If you have no password yet, choose "Forgot password?" on the sign-in page to set one.',
      ],
      action: 'Sign in',
    },
    es: {
      subject: 'Bienvenido a {brand}',
      paragraphs: [
        'Hola {name}:',
        'tu cuenta de {brand} ({email}) está lista.',
        'Si aún no tienes contraseña, elige "¿Olvidaste tu contraseña?" en la página de acceso para crearla.',
      ],
      action: 'Iniciar sesión',
    },
    fr: {
      subject: 'Bienvenue sur {brand}',
      paragraphs: [
        'Bonjour {name},',
        'votre compte {brand} ({email}) est prêt.',
        'Si vous n’avez pas encore de mot de passe, choisissez « Mot de passe oublié ? » sur la page de connexion pour en définir un.',
      ],
      action: 'Se connecter',
    },
    de: {
      subject: 'Willkommen bei {brand}',
      paragraphs: [
        'Hallo {name},',
        'Ihr {brand}-Konto ({email}) ist bereit.',
        'Wenn Sie noch kein Passwort haben, wählen Sie auf der Anmeldeseite „Passwort vergessen?“, um eines festzulegen.',
      ],
      action: 'Anmelden',
    },
  },
  email_confirmation: {
    en: {
      subject: 'Your {brand} confirmation code',
      paragraphs: [
        'Hello {name},',
        'your confirmation code is {code}. It expires in {minutes} minutes.',
        'If you did not create an account, ignore this email.',
      ],
      action: 'Confirm my email',
    },
    es: {
      subject: 'Tu código de confirmación de {brand}',
      paragraphs: [
        'Hola {name}:',
        'tu código de confirmación es {code}. Caduca en {minutes} minutos.',
        'Si no creaste una cuenta, ignora este correo.',
      ],
      action: 'Confirmar mi correo',
    },
    fr: {
      subject: 'Votre code de confirmation {brand}',
      paragraphs: [
        'Bonjour {name},',
        'votre code de confirmation est {code}. Il expire dans {minutes} minutes.',
        'Si vous n’avez pas créé de compte, ignorez cet e-mail.',
      ],
      action: 'Confirmer mon e-mail',
    },
    de: {
      subject: 'Ihr {brand}-Bestätigungscode',
      paragraphs: [
        'Hallo {name},',
        'Ihr Bestätigungscode lautet {code}. Er läuft in {minutes} Minuten ab.',
        'Wenn Sie kein Konto erstellt haben, ignorieren Sie diese E-Mail.',
      ],
      action: 'E-Mail bestätigen',
    },
  },
  password_reset: {
    en: {
      subject: 'Reset your {brand} password',
      paragraphs: [
        'Hello {name},',
        'your password reset code is {code}. It expires in {minutes} minutes.',
        'If you did not ask to reset your password, ignore this email.',
      ],
      action: 'Reset my password',
    },
    es: {
      subject: 'Restablece tu contraseña de {brand}',
      paragraphs: [
        'Hola {name}:',
        'tu código para restablecer la contraseña es {code}. Caduca en {minutes} minutos.',
        'Si no lo solicitaste, ignora este correo.',
      ],
      action: 'Restablecer contraseña',
    },
    fr: {
      subject: 'Réinitialisez votre mot de passe {brand}',
      paragraphs: [
        'Bonjour {name},',
        'votre code de réinitialisation du mot de passe est {code}. Il expire dans {minutes} minutes.',
        'Si vous n’avez rien demandé, ignorez cet e-mail.',
      ],
      action: 'Réinitialiser le mot de passe',
    },
    de: {
      subject: 'Setzen Sie Ihr {brand}-Passwort zurück',
      paragraphs: [
        'Hallo {name},',
        'Ihr Code zum Zurücksetzen des Passworts lautet {code}. Er läuft in {minutes} Minuten ab.',
        'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail.',
      ],
      action: 'Passwort zurücksetzen',
    },
  },
  email_change: {
    en: {
      subject: 'Confirm your new {brand} email address',
      paragraphs: [
        'Hello {name},',
        'your code to confirm this new email address is {code}. It is valid for {minutes} minutes.',
      ],
      action: 'Open my profile',
    },
    es: {
      subject: 'Confirma tu nueva dirección de correo de {brand}',
      paragraphs: [
        'Hola {name}:',
        'tu código para confirmar esta nueva dirección es {code}. Es válido durante {minutes} minutos.',
      ],
      action: 'Abrir mi perfil',
    },
    fr: {
      subject: 'Confirmez votre nouvelle adresse e-mail {brand}',
      paragraphs: [
        'Bonjour {name},',
        'votre code pour confirmer cette nouvelle adresse est {code}. Il est valable {minutes} minutes.',
      ],
      action: 'Ouvrir mon profil',
    },
    de: {
      subject: 'Bestätigen Sie Ihre neue {brand}-E-Mail-Adresse',
      paragraphs: [
        'Hallo {name},',
        'Ihr Code zur Bestätigung dieser neuen E-Mail-Adresse lautet {code}. Er ist {minutes} Minuten gültig.',
      ],
      action: 'Mein Profil öffnen',
    },
  },
  team_invitation: {
    en: {
      subject: '{owner} invited you to their {brand} team',
      paragraphs: [
        'Hello {name},',
        '{owner} added you to their team on {brand}.',
        'To sign in, choose "Forgot password?" on the sign-in page with {email} and set your password.',
      ],
      action: 'Set my password',
    },
    es: {
      subject: '{owner} te ha invitado a su equipo de {brand}',
      paragraphs: [
        'Hola {name}:',
        '{owner} te ha añadido a su equipo en {brand}.',
        'Para entrar, elige "¿Olvidaste tu contraseña?" en la página de acceso con {email} y crea tu contraseña.',
      ],
      action: 'Crear mi contraseña',
    },
    fr: {
      subject: '{owner} vous a invité dans son équipe {brand}',
      paragraphs: [
        'Bonjour {name},',
        '{owner} vous a ajouté à son équipe sur {brand}.',
        'Pour vous connecter, choisissez « Mot de passe oublié ? » sur la page de connexion avec {email} et définissez votre mot de passe.',
      ],
      action: 'Définir mon mot de passe',
    },
    de: {
      subject: '{owner} hat Sie in sein {brand}-Team eingeladen',
      paragraphs: [
        'Hallo {name},',
        '{owner} hat Sie auf {brand} zu seinem Team hinzugefügt.',
        'Wählen Sie zum Anmelden auf der Anmeldeseite „Passwort vergessen?“ mit {email} und legen Sie Ihr Passwort fest.',
      ],
      action: 'Passwort festlegen',
    },
  },
  payment_receipt: {
    en: {
      subject: 'Your {brand} receipt',
      paragraphs: ['Hello {name},', 'we received your payment of {amount} on {date}: {description}.', 'Thank you!'],
      action: 'View my billing',
    },
    es: {
      subject: 'Tu recibo de {brand}',
      paragraphs: ['Hola {name}:', 'hemos recibido tu pago de {amount} el {date}: {description}.', '¡Gracias!'],
      action: 'Ver mi facturación',
    },
    fr: {
      subject: 'Votre reçu {brand}',
      paragraphs: [
        'Bonjour {name},',
        'nous avons reçu votre paiement de {amount} le {date} : {description}.',
        'Merci !',
      ],
      action: 'Voir ma facturation',
    },
    de: {
      subject: 'Ihre {brand}-Quittung',
      paragraphs: [
        'Hallo {name},',
        'wir haben Ihre Zahlung über {amount} am {date} erhalten: {description}.',
        'Vielen Dank!',
      ],
      action: 'Abrechnung ansehen',
    },
  },
  payment_failed: {
    en: {
      subject: 'Your {brand} payment failed',
      paragraphs: [
        'Hello {name},',
        'we could not charge {amount}: {reason}.',
        'Please check your card so your service continues.',
      ],
      action: 'Update my card',
    },
    es: {
      subject: 'Tu pago de {brand} no se pudo realizar',
      paragraphs: [
        'Hola {name}:',
        'no pudimos cobrar {amount}: {reason}.',
        'Revisa tu tarjeta para que tu servicio continúe.',
      ],
      action: 'Actualizar mi tarjeta',
    },
    fr: {
      subject: 'Votre paiement {brand} a échoué',
      paragraphs: [
        'Bonjour {name},',
        'nous n’avons pas pu prélever {amount} : {reason}.',
        'Vérifiez votre carte pour que votre service continue.',
      ],
      action: 'Mettre à jour ma carte',
    },
    de: {
      subject: 'Ihre {brand}-Zahlung ist fehlgeschlagen',
      paragraphs: [
        'Hallo {name},',
        'wir konnten {amount} nicht abbuchen: {reason}.',
        'Bitte prüfen Sie Ihre Karte, damit Ihr Dienst weiterläuft.',
      ],
      action: 'Karte aktualisieren',
    },
  },
  subscription_renewal: {
    en: {
      subject: 'Your {brand} plan was renewed',
      paragraphs: [
        'Hello {name},',
        'your {plan} plan was renewed for {amount} until {period_end}.',
        '{credits} credits were added to your account.',
      ],
      action: 'View my billing',
    },
    es: {
      subject: 'Tu plan de {brand} se ha renovado',
      paragraphs: [
        'Hola {name}:',
        'tu plan {plan} se ha renovado por {amount} hasta el {period_end}.',
        'Se han añadido {credits} créditos a tu cuenta.',
      ],
      action: 'Ver mi facturación',
    },
    fr: {
      subject: 'Votre abonnement {brand} a été renouvelé',
      paragraphs: [
        'Bonjour {name},',
        'votre formule {plan} a été renouvelée pour {amount} jusqu’au {period_end}.',
        '{credits} crédits ont été ajoutés à votre compte.',
      ],
      action: 'Voir ma facturation',
    },
    de: {
      subject: 'Ihr {brand}-Tarif wurde verlängert',
      paragraphs: [
        'Hallo {name},',
        'Ihr Tarif {plan} wurde für {amount} bis {period_end} verlängert.',
        '{credits} Credits wurden Ihrem Konto gutgeschrieben.',
      ],
      action: 'Abrechnung ansehen',
    },
  },
  low_credits: {
    en: {
      subject: 'Your {brand} credits are running low',
      paragraphs: [
        'Hello {name},',
        'you have {balance} credits left (your alert is set at {threshold}).',
        'Buy credits or turn on automatic top-up to keep your searches running.',
      ],
      action: 'Buy credits',
    },
    es: {
      subject: 'Te quedan pocos créditos de {brand}',
      paragraphs: [
        'Hola {name}:',
        'te quedan {balance} créditos (tu aviso está en {threshold}).',
        'Compra créditos o activa la recarga automática para que tus búsquedas sigan.',
      ],
      action: 'Comprar créditos',
    },
    fr: {
      subject: 'Vos crédits {brand} sont presque épuisés',
      paragraphs: [
        'Bonjour {name},',
        'il vous reste {balance} crédits (votre alerte est fixée à {threshold}).',
        'Achetez des crédits ou activez la recharge automatique pour que vos recherches continuent.',
      ],
      action: 'Acheter des crédits',
    },
    de: {
      subject: 'Ihre {brand}-Credits gehen zur Neige',
      paragraphs: [
        'Hallo {name},',
        'Sie haben noch {balance} Credits (Ihre Warnung steht bei {threshold}).',
        'Kaufen Sie Credits oder aktivieren Sie die automatische Aufladung, damit Ihre Suchen weiterlaufen.',
      ],
      action: 'Credits kaufen',
    },
  },
  auto_top_up: {
    en: {
      subject: 'Your {brand} credits were topped up',
      paragraphs: [
        'Hello {name},',
        '{credits} credits were added automatically for {amount}.',
        'Your balance is now {balance} credits.',
      ],
      action: 'View my wallet',
    },
    es: {
      subject: 'Tus créditos de {brand} se han recargado',
      paragraphs: [
        'Hola {name}:',
        'se han añadido automáticamente {credits} créditos por {amount}.',
        'Tu saldo es ahora de {balance} créditos.',
      ],
      action: 'Ver mi monedero',
    },
    fr: {
      subject: 'Vos crédits {brand} ont été rechargés',
      paragraphs: [
        'Bonjour {name},',
        '{credits} crédits ont été ajoutés automatiquement pour {amount}.',
        'Votre solde est maintenant de {balance} crédits.',
      ],
      action: 'Voir mon portefeuille',
    },
    de: {
      subject: 'Ihre {brand}-Credits wurden aufgeladen',
      paragraphs: [
        'Hallo {name},',
        '{credits} Credits wurden automatisch für {amount} gutgeschrieben.',
        'Ihr Guthaben beträgt jetzt {balance} Credits.',
      ],
      action: 'Guthaben ansehen',
    },
  },
  autopilot_alert: {
    en: {
      subject: '{autopilot}: {count} new leads on {brand}',
      paragraphs: ['Hello {name},', 'your autopilot {autopilot} found {count} new leads and added them to {list}.'],
      action: 'Open the list',
    },
    es: {
      subject: '{autopilot}: {count} nuevos contactos en {brand}',
      paragraphs: [
        'Hola {name}:',
        'tu piloto automático {autopilot} encontró {count} nuevos contactos y los añadió a {list}.',
      ],
      action: 'Abrir la lista',
    },
    fr: {
      subject: '{autopilot} : {count} nouveaux prospects sur {brand}',
      paragraphs: [
        'Bonjour {name},',
        'votre pilote automatique {autopilot} a trouvé {count} nouveaux prospects et les a ajoutés à {list}.',
      ],
      action: 'Ouvrir la liste',
    },
    de: {
      subject: '{autopilot}: {count} neue Leads auf {brand}',
      paragraphs: [
        'Hallo {name},',
        'Ihr Autopilot {autopilot} hat {count} neue Leads gefunden und zu {list} hinzugefügt.',
      ],
      action: 'Liste öffnen',
    },
  },
  saved_search_alert: {
    en: {
      subject: '{search}: {count} new results on {brand}',
      paragraphs: ['Hello {name},', 'your saved search {search} has {count} new results in {list}.'],
      action: 'See the results',
    },
    es: {
      subject: '{search}: {count} nuevos resultados en {brand}',
      paragraphs: ['Hola {name}:', 'tu búsqueda guardada {search} tiene {count} nuevos resultados en {list}.'],
      action: 'Ver los resultados',
    },
    fr: {
      subject: '{search} : {count} nouveaux résultats sur {brand}',
      paragraphs: ['Bonjour {name},', 'votre recherche enregistrée {search} a {count} nouveaux résultats dans {list}.'],
      action: 'Voir les résultats',
    },
    de: {
      subject: '{search}: {count} neue Ergebnisse auf {brand}',
      paragraphs: ['Hallo {name},', 'Ihre gespeicherte Suche {search} hat {count} neue Ergebnisse in {list}.'],
      action: 'Ergebnisse ansehen',
    },
  },
  export_ready: {
    en: {
      subject: 'Your {brand} export is ready',
      paragraphs: [
        'Hello {name},',
        'your export {file} ({count} rows) is ready to download.',
        'You can download it until {expires}.',
      ],
      action: 'Download',
    },
    es: {
      subject: 'Tu exportación de {brand} está lista',
      paragraphs: [
        'Hola {name}:',
        'tu exportación {file} ({count} filas) está lista para descargar.',
        'Puedes descargarla hasta el {expires}.',
      ],
      action: 'Descargar',
    },
    fr: {
      subject: 'Votre export {brand} est prêt',
      paragraphs: [
        'Bonjour {name},',
        'votre export {file} ({count} lignes) est prêt à être téléchargé.',
        'Vous pouvez le télécharger jusqu’au {expires}.',
      ],
      action: 'Télécharger',
    },
    de: {
      subject: 'Ihr {brand}-Export ist bereit',
      paragraphs: [
        'Hallo {name},',
        'Ihr Export {file} ({count} Zeilen) steht zum Herunterladen bereit.',
        'Sie können ihn bis zum {expires} herunterladen.',
      ],
      action: 'Herunterladen',
    },
  },
};

/** The built-in template as the reseller sees and edits it: subject, HTML body, text alternative. */
export function defaultTemplate(
  kind: EmailKind,
  lang: Language,
): { subject: string; html: string; text: string; action: string } {
  const d = EMAIL_DEFAULTS[kind][lang];
  return {
    subject: d.subject,
    html: d.paragraphs.map((p) => `<p>${p}</p>`).join('\n'),
    text: `${d.paragraphs.join('\n\n')}\n\n${d.action}: {action_url}`,
    action: d.action,
  };
}

import type { Translations } from './types';

/** Messages of the AI provider and AI area. */
export const aiMessages = {
  'ai.bulk_unavailable': {
    en: 'With the GPT-3.5 model, AI actions run on one result at a time',
    es: 'Con el modelo GPT-3.5, las acciones de IA se ejecutan en un resultado cada vez',
    fr: "Avec le modèle GPT-3.5, les actions d'IA s'exécutent sur un résultat à la fois",
    de: 'Mit dem GPT-3.5-Modell laufen KI-Aktionen jeweils nur auf einem Ergebnis',
  },
  'ai.profile_incomplete': {
    en: 'AI tools unavailable until the business profile is done',
    es: 'Las herramientas de IA no están disponibles hasta completar el perfil de empresa',
    fr: "Les outils d'IA sont indisponibles tant que le profil de l'entreprise n'est pas complété",
    de: 'KI-Werkzeuge sind erst verfügbar, wenn das Unternehmensprofil vollständig ist',
  },
  'ai.training_completed': {
    en: 'Training finished: the assistant now knows your business profile and {n} training items.',
    es: 'Entrenamiento terminado: el asistente ya conoce tu perfil de empresa y {n} elementos de entrenamiento.',
    fr: "Entraînement terminé : l'assistant connaît maintenant votre profil d'entreprise et {n} éléments d'entraînement.",
    de: 'Training abgeschlossen: Der Assistent kennt jetzt Ihr Unternehmensprofil und {n} Trainingselemente.',
  },
  'ai.training_queued': {
    en: 'Training started: the assistant is reading your business profile and training data.',
    es: 'Entrenamiento iniciado: el asistente está leyendo tu perfil de empresa y tus datos de entrenamiento.',
    fr: "Entraînement lancé : l'assistant lit votre profil d'entreprise et vos données d'entraînement.",
    de: 'Training gestartet: Der Assistent liest Ihr Unternehmensprofil und Ihre Trainingsdaten.',
  },
  'ai.training_abandoned': {
    en: 'The training did not finish in time and was stopped. Start it again.',
    es: 'El entrenamiento no terminó a tiempo y se detuvo. Vuelve a iniciarlo.',
    fr: "L'entraînement ne s'est pas terminé à temps et a été arrêté. Relancez-le.",
    de: 'Das Training wurde nicht rechtzeitig fertig und wurde abgebrochen. Starten Sie es erneut.',
  },
  'ai.training_running': {
    en: 'A training run is already going; wait for it to finish.',
    es: 'Ya hay un entrenamiento en curso; espera a que termine.',
    fr: 'Un entraînement est déjà en cours ; attendez qu’il se termine.',
    de: 'Es läuft bereits ein Training; warten Sie, bis es fertig ist.',
  },
  'ai.suggestions_generated': {
    en: '{n} ideal customer profiles suggested.',
    es: 'Se sugirieron {n} perfiles de cliente ideal.',
    fr: '{n} profils de client idéal suggérés.',
    de: '{n} ideale Kundenprofile vorgeschlagen.',
  },
  'ai.provider_timeout': {
    en: 'The AI service did not answer in time. Try again in a moment.',
    es: 'El servicio de IA no respondió a tiempo. Inténtalo de nuevo en un momento.',
    fr: "Le service d'IA n'a pas répondu à temps. Réessayez dans un instant.",
    de: 'Der KI-Dienst hat nicht rechtzeitig geantwortet. Versuchen Sie es gleich noch einmal.',
  },
  'ai.provider_rate_limited': {
    en: 'The AI service is busy (too many requests). Try again in a minute.',
    es: 'El servicio de IA está ocupado (demasiadas solicitudes). Inténtalo de nuevo en un minuto.',
    fr: "Le service d'IA est surchargé (trop de requêtes). Réessayez dans une minute.",
    de: 'Der KI-Dienst ist ausgelastet (zu viele Anfragen). Versuchen Sie es in einer Minute erneut.',
  },
  'ai.provider_unavailable': {
    en: 'The AI service is unavailable right now. Try again later.',
    es: 'El servicio de IA no está disponible en este momento. Inténtalo más tarde.',
    fr: "Le service d'IA est indisponible pour le moment. Réessayez plus tard.",
    de: 'Der KI-Dienst ist derzeit nicht erreichbar. Versuchen Sie es später erneut.',
  },
  'ai.provider_auth': {
    en: 'The AI service refused our credentials. An administrator needs to check the AI configuration.',
    es: 'El servicio de IA rechazó nuestras credenciales. Un administrador debe revisar la configuración de IA.',
    fr: "Le service d'IA a refusé nos identifiants. Un administrateur doit vérifier la configuration de l'IA.",
    de: 'Der KI-Dienst hat unsere Zugangsdaten abgelehnt. Ein Administrator muss die KI-Konfiguration prüfen.',
  },
  'ai.provider_rejected': {
    en: 'The AI service refused the request. An administrator needs to check the AI configuration.',
    es: 'El servicio de IA rechazó la solicitud. Un administrador debe revisar la configuración de IA.',
    fr: "Le service d'IA a refusé la requête. Un administrateur doit vérifier la configuration de l'IA.",
    de: 'Der KI-Dienst hat die Anfrage abgelehnt. Ein Administrator muss die KI-Konfiguration prüfen.',
  },
  'ai.provider_bad_answer': {
    en: 'The AI service gave an answer we could not use. Try again.',
    es: 'El servicio de IA dio una respuesta que no pudimos usar. Inténtalo de nuevo.',
    fr: "Le service d'IA a donné une réponse inutilisable. Réessayez.",
    de: 'Der KI-Dienst hat eine unbrauchbare Antwort geliefert. Versuchen Sie es erneut.',
  },
  // Texts the embedded engine writes (deterministic templates).
  'ai.tpl.summary': {
    en: '{business_name} ({industry}) offers {products_services} to {target_audience}.',
    es: '{business_name} ({industry}) ofrece {products_services} a {target_audience}.',
    fr: '{business_name} ({industry}) propose {products_services} à {target_audience}.',
    de: '{business_name} ({industry}) bietet {products_services} für {target_audience}.',
  },
  'ai.tpl.usp': {
    en: 'What sets it apart: {usp}.',
    es: 'Lo que la distingue: {usp}.',
    fr: 'Ce qui la distingue : {usp}.',
    de: 'Was sie auszeichnet: {usp}.',
  },
  'ai.tpl.sources': {
    en: 'Learned from {texts} texts, {qa} questions and answers, {pages} web pages and {files} files.',
    es: 'Aprendido de {texts} textos, {qa} preguntas y respuestas, {pages} páginas web y {files} archivos.',
    fr: 'Appris à partir de {texts} textes, {qa} questions-réponses, {pages} pages web et {files} fichiers.',
    de: 'Gelernt aus {texts} Texten, {qa} Fragen und Antworten, {pages} Webseiten und {files} Dateien.',
  },
  'ai.tpl.topics': {
    en: 'Topics it can answer: {topics}.',
    es: 'Temas que puede responder: {topics}.',
    fr: 'Sujets sur lesquels il peut répondre : {topics}.',
    de: 'Themen, zu denen er antworten kann: {topics}.',
  },
  'ai.icp.people_title': {
    en: '{role} at {industry} companies',
    es: '{role} en empresas de {industry}',
    fr: '{role} dans des entreprises {industry}',
    de: '{role} in {industry}-Unternehmen',
  },
  'ai.icp.people_reason': {
    en: 'They decide on {products_services} in {department}: the buyers closest to your audience ({target_audience}).',
    es: 'Deciden sobre {products_services} en {department}: los compradores más cercanos a tu público ({target_audience}).',
    fr: 'Ils décident de {products_services} en {department} : les acheteurs les plus proches de votre audience ({target_audience}).',
    de: 'Sie entscheiden über {products_services} im Bereich {department}: die Käufer, die Ihrer Zielgruppe ({target_audience}) am nächsten sind.',
  },
  'ai.icp.owner_title': {
    en: 'Founders and owners of small {industry} businesses',
    es: 'Fundadores y dueños de pequeñas empresas de {industry}',
    fr: 'Fondateurs et dirigeants de petites entreprises {industry}',
    de: 'Gründer und Inhaber kleiner {industry}-Unternehmen',
  },
  'ai.icp.owner_reason': {
    en: 'In small businesses the owner buys directly, so a short pitch of {products_services} reaches the decision maker.',
    es: 'En las pequeñas empresas compra el dueño directamente, así que una propuesta breve de {products_services} llega a quien decide.',
    fr: 'Dans les petites entreprises, le dirigeant achète directement : une courte présentation de {products_services} touche le décideur.',
    de: 'In kleinen Unternehmen kauft der Inhaber selbst, daher erreicht ein kurzes Angebot für {products_services} direkt den Entscheider.',
  },
  'ai.icp.company_title': {
    en: '{industry} companies with {min}–{max} employees',
    es: 'Empresas de {industry} con {min}–{max} empleados',
    fr: 'Entreprises {industry} de {min} à {max} salariés',
    de: '{industry}-Unternehmen mit {min}–{max} Mitarbeitern',
  },
  'ai.icp.company_reason': {
    en: 'Companies of this size match your audience ({target_audience}) and have budget for {products_services}.',
    es: 'Las empresas de este tamaño encajan con tu público ({target_audience}) y tienen presupuesto para {products_services}.',
    fr: 'Les entreprises de cette taille correspondent à votre audience ({target_audience}) et ont un budget pour {products_services}.',
    de: 'Unternehmen dieser Größe passen zu Ihrer Zielgruppe ({target_audience}) und haben Budget für {products_services}.',
  },
  'ai.icp.local_title': {
    en: 'Local businesses: {categories}',
    es: 'Negocios locales: {categories}',
    fr: 'Commerces locaux : {categories}',
    de: 'Lokale Unternehmen: {categories}',
  },
  'ai.icp.local_reason': {
    en: 'Your audience ({target_audience}) is found on the map: these categories are the local businesses to contact{where}.',
    es: 'Tu público ({target_audience}) está en el mapa: estas categorías son los negocios locales a contactar{where}.',
    fr: 'Votre audience ({target_audience}) se trouve sur la carte : ces catégories sont les commerces locaux à contacter{where}.',
    de: 'Ihre Zielgruppe ({target_audience}) findet sich auf der Karte: Diese Kategorien sind die lokalen Unternehmen, die Sie kontaktieren sollten{where}.',
  },
  'ai.icp.in_location': {
    en: ' in {location}',
    es: ' en {location}',
    fr: ' à {location}',
    de: ' (Region {location})',
  },
} satisfies Record<string, Translations>;

import type { Language, MessageParams, Translations } from './types';

/** What each lead source is, as the job's error names it ("the people-data provider refused the key"). */
const KIND: Readonly<Record<string, Readonly<Record<Language, string>>>> = {
  apollo: {
    en: 'the people-data provider',
    es: 'el proveedor de datos de personas',
    fr: 'le fournisseur de données de personnes',
    de: 'der Anbieter für Personendaten',
  },
  hunter: {
    en: 'the email-finder provider',
    es: 'el proveedor de búsqueda de correos',
    fr: "le fournisseur de recherche d'e-mails",
    de: 'der Anbieter für E-Mail-Suche',
  },
  modash: {
    en: 'the influencer-data provider',
    es: 'el proveedor de datos de influencers',
    fr: "le fournisseur de données d'influenceurs",
    de: 'der Anbieter für Influencer-Daten',
  },
  youtube: {
    en: 'the YouTube Data API',
    es: 'la API de datos de YouTube',
    fr: "l'API YouTube Data",
    de: 'die YouTube Data API',
  },
  google_places: { en: 'Google Places', es: 'Google Places', fr: 'Google Places', de: 'Google Places' },
  ipinfo: {
    en: 'the IP look-up provider',
    es: 'el proveedor de búsqueda de IP',
    fr: 'le fournisseur de recherche IP',
    de: 'der Anbieter für IP-Abfragen',
  },
  osm: {
    en: 'the OpenStreetMap service',
    es: 'el servicio de OpenStreetMap',
    fr: 'le service OpenStreetMap',
    de: 'der OpenStreetMap-Dienst',
  },
  wikidata: {
    en: 'the Wikidata query service',
    es: 'el servicio de consultas de Wikidata',
    fr: 'le service de requêtes Wikidata',
    de: 'der Wikidata-Abfragedienst',
  },
};
const OTHER: Readonly<Record<Language, string>> = {
  en: 'the lead source',
  es: 'la fuente de leads',
  fr: 'la source de leads',
  de: 'die Lead-Quelle',
};

const kind = (language: Language, params: MessageParams) => KIND[String(params.source)]?.[language] ?? OTHER[language];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Per-job errors of the real lead sources (`LeadSourceError.code`), with `{ source }` the source id. */
export const leadSourceMessages = {
  'leadSources.key_refused': {
    en: (p) => `${capital(kind('en', p))} refused the key.`,
    es: (p) => `${capital(kind('es', p))} rechazó la clave.`,
    fr: (p) => `${capital(kind('fr', p))} a refusé la clé.`,
    de: (p) => `${capital(kind('de', p))} hat den Schlüssel abgelehnt.`,
  },
  'leadSources.quota_exhausted': {
    en: (p) => `${capital(kind('en', p))} says the account's quota is used up.`,
    es: (p) => `${capital(kind('es', p))} indica que la cuota de la cuenta se ha agotado.`,
    fr: (p) => `${capital(kind('fr', p))} indique que le quota du compte est épuisé.`,
    de: (p) => `${capital(kind('de', p))} meldet, dass das Kontingent des Kontos aufgebraucht ist.`,
  },
  'leadSources.rate_limited': {
    en: (p) => `${capital(kind('en', p))} asked us to slow down; the search continues shortly.`,
    es: (p) => `${capital(kind('es', p))} pidió reducir el ritmo; la búsqueda continúa en breve.`,
    fr: (p) => `${capital(kind('fr', p))} a demandé de ralentir ; la recherche reprend bientôt.`,
    de: (p) => `${capital(kind('de', p))} hat um eine Pause gebeten; die Suche geht gleich weiter.`,
  },
  'leadSources.unavailable': {
    en: (p) => `${capital(kind('en', p))} cannot be reached right now.`,
    es: (p) => `No se puede contactar con ${kind('es', p)} en este momento.`,
    fr: (p) => `${capital(kind('fr', p))} est injoignable pour le moment.`,
    de: (p) => `${capital(kind('de', p))} ist gerade nicht erreichbar.`,
  },
  'leadSources.bad_answer': {
    en: (p) => `${capital(kind('en', p))} sent an answer we could not read.`,
    es: (p) => `${capital(kind('es', p))} envió una respuesta ilegible.`,
    fr: (p) => `${capital(kind('fr', p))} a envoyé une réponse illisible.`,
    de: (p) => `${capital(kind('de', p))} hat eine unlesbare Antwort gesendet.`,
  },
  'leadSources.bad_request': {
    en: (p) => `${capital(kind('en', p))} refused the search's filters.`,
    es: (p) => `${capital(kind('es', p))} rechazó los filtros de la búsqueda.`,
    fr: (p) => `${capital(kind('fr', p))} a refusé les filtres de la recherche.`,
    de: (p) => `${capital(kind('de', p))} hat die Filter der Suche abgelehnt.`,
  },
  'leadSources.saved': {
    en: 'Lead sources saved',
    es: 'Fuentes de leads guardadas',
    fr: 'Sources de leads enregistrées',
    de: 'Lead-Quellen gespeichert',
  },
  'leadSources.keyless_no_key': {
    en: 'This source needs no key.',
    es: 'Esta fuente no necesita clave.',
    fr: "Cette source n'a pas besoin de clé.",
    de: 'Diese Quelle braucht keinen Schlüssel.',
  },
  'leadSources.order_mismatch': {
    en: (p) => `List exactly these sources, in the order to try them: ${String(p.sources)}.`,
    es: (p) => `Indica exactamente estas fuentes, en el orden en que se prueban: ${String(p.sources)}.`,
    fr: (p) => `Indiquez exactement ces sources, dans l'ordre où les essayer : ${String(p.sources)}.`,
    de: (p) => `Geben Sie genau diese Quellen in der Reihenfolge an, in der sie versucht werden: ${String(p.sources)}.`,
  },
  'leadSources.google_key_saved': {
    en: 'Your Google API key is saved: your local searches use Google Places with it.',
    es: 'Tu clave de API de Google se ha guardado: tus búsquedas locales usan Google Places con ella.',
    fr: 'Votre clé API Google est enregistrée : vos recherches locales utilisent Google Places avec elle.',
    de: 'Ihr Google-API-Schlüssel ist gespeichert: Ihre lokalen Suchen nutzen damit Google Places.',
  },
  'leadSources.google_key_removed': {
    en: 'Your Google API key is removed.',
    es: 'Tu clave de API de Google se ha eliminado.',
    fr: 'Votre clé API Google est supprimée.',
    de: 'Ihr Google-API-Schlüssel ist entfernt.',
  },
  'leadSources.google_key_format': {
    en: 'A Google API key starts with AIza and has 39 characters.',
    es: 'Una clave de API de Google empieza por AIza y tiene 39 caracteres.',
    fr: 'Une clé API Google commence par AIza et compte 39 caractères.',
    de: 'Ein Google-API-Schlüssel beginnt mit AIza und hat 39 Zeichen.',
  },
} satisfies Record<string, Translations>;

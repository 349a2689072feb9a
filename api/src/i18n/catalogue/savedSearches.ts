import type { Translations } from './types';

/** Messages of saved searches and their alerts (issue 29 item 4). */
export const savedSearchMessages = {
  'savedSearch.created': {
    en: 'Search saved.',
    es: 'Búsqueda guardada.',
    fr: 'Recherche enregistrée.',
    de: 'Suche gespeichert.',
  },
  'savedSearch.saved': {
    en: 'Saved search updated.',
    es: 'Búsqueda guardada actualizada.',
    fr: 'Recherche enregistrée mise à jour.',
    de: 'Gespeicherte Suche aktualisiert.',
  },
  'savedSearch.deleted': {
    en: 'Saved search deleted.',
    es: 'Búsqueda guardada eliminada.',
    fr: 'Recherche enregistrée supprimée.',
    de: 'Gespeicherte Suche gelöscht.',
  },
  'savedSearch.run_started': {
    en: 'Search started: only leads you do not have yet are added.',
    es: 'Búsqueda iniciada: solo se añaden los contactos que aún no tienes.',
    fr: 'Recherche lancée : seuls les prospects que vous n’avez pas encore sont ajoutés.',
    de: 'Suche gestartet: Nur Leads, die Sie noch nicht haben, werden hinzugefügt.',
  },
  'savedSearch.alerts_seen': {
    en: 'Alerts marked as read.',
    es: 'Alertas marcadas como leídas.',
    fr: 'Alertes marquées comme lues.',
    de: 'Benachrichtigungen als gelesen markiert.',
  },
} satisfies Record<string, Translations>;

import type { Translations } from './types';

/** Messages of saved searches and their alerts (issue 29 item 4), and of background list exports (issue 32). */
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
  'listExport.started': {
    en: 'The file is being prepared: its progress shows on the list, and you get an email when it is ready.',
    es: 'El archivo se está preparando: su progreso se muestra en la lista y recibirás un correo cuando esté listo.',
    fr: 'Le fichier est en préparation : sa progression s’affiche sur la liste et vous recevrez un e-mail quand il sera prêt.',
    de: 'Die Datei wird vorbereitet: Der Fortschritt wird in der Liste angezeigt, und Sie erhalten eine E-Mail, sobald sie fertig ist.',
  },
  'listExport.deleted': {
    en: 'Export deleted.',
    es: 'Exportación eliminada.',
    fr: 'Export supprimé.',
    de: 'Export gelöscht.',
  },
  'listExport.not_ready': {
    en: 'The file is not ready yet.',
    es: 'El archivo aún no está listo.',
    fr: 'Le fichier n’est pas encore prêt.',
    de: 'Die Datei ist noch nicht fertig.',
  },
  'listExport.link_invalid': {
    en: 'This download link is not valid or has expired. Open the list and download the file again.',
    es: 'Este enlace de descarga no es válido o ha caducado. Abre la lista y descarga el archivo de nuevo.',
    fr: 'Ce lien de téléchargement n’est pas valide ou a expiré. Ouvrez la liste et téléchargez à nouveau le fichier.',
    de: 'Dieser Download-Link ist ungültig oder abgelaufen. Öffnen Sie die Liste und laden Sie die Datei erneut herunter.',
  },
  'listExport.expired': {
    en: 'This file expired on {date}: exported files are kept for {days} days. Prepare the file again from the list.',
    es: 'Este archivo caducó el {date}: los archivos exportados se guardan {days} días. Vuelve a preparar el archivo desde la lista.',
    fr: 'Ce fichier a expiré le {date} : les fichiers exportés sont conservés {days} jours. Préparez à nouveau le fichier depuis la liste.',
    de: 'Diese Datei ist am {date} abgelaufen: Exportierte Dateien werden {days} Tage aufbewahrt. Bereiten Sie die Datei in der Liste erneut vor.',
  },
} satisfies Record<string, Translations>;

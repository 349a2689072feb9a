import type { Translations } from './types';

/** Messages of lead search (searches, lists, results). */
export const leadSearchMessages = {
  'leadSearch.list_name_taken': {
    en: 'You already have a list with this name: choose another name',
    es: 'Ya tienes una lista con este nombre: elige otro nombre',
    fr: 'Vous avez déjà une liste portant ce nom : choisissez-en un autre',
    de: 'Sie haben bereits eine Liste mit diesem Namen: Wählen Sie einen anderen Namen',
  },
  'leadSearch.list_name_in_trash': {
    en: 'A list in your trash has this name: restore it, delete it forever, or choose another name',
    es: 'Una lista de tu papelera tiene este nombre: restáurala, elimínala definitivamente o elige otro nombre',
    fr: 'Une liste de votre corbeille porte ce nom : restaurez-la, supprimez-la définitivement ou choisissez un autre nom',
    de: 'Eine Liste in Ihrem Papierkorb hat diesen Namen: Stellen Sie sie wieder her, löschen Sie sie endgültig oder wählen Sie einen anderen Namen',
  },
  'leadSearch.location_and_list': {
    en: 'Select location and list before continuing.',
    es: 'Selecciona la ubicación y la lista antes de continuar.',
    fr: 'Sélectionnez le lieu et la liste avant de continuer.',
    de: 'Wählen Sie Ort und Liste aus, bevor Sie fortfahren.',
  },
  'leadSearch.select_filter': {
    en: 'Select at least one filter.',
    es: 'Selecciona al menos un filtro.',
    fr: 'Sélectionnez au moins un filtre.',
    de: 'Wählen Sie mindestens einen Filter aus.',
  },
  'leadSearch.rate_incomplete': {
    en: 'Interval, operator and value are all required once one is given.',
    es: 'Intervalo, operador y valor son obligatorios en cuanto se indica uno.',
    fr: "L'intervalle, l'opérateur et la valeur sont tous requis dès que l'un est indiqué.",
    de: 'Intervall, Operator und Wert sind erforderlich, sobald einer angegeben ist.',
  },
  'leadSearch.range_order': {
    en: 'The minimum cannot be greater than the maximum.',
    es: 'El mínimo no puede ser mayor que el máximo.',
    fr: 'Le minimum ne peut pas dépasser le maximum.',
    de: 'Das Minimum darf nicht größer als das Maximum sein.',
  },
  'leadSearch.after_or_before': {
    en: 'Give the position as after or before, not both.',
    es: 'Indica la posición con after o con before, no con ambos.',
    fr: 'Indiquez la position avec after ou avec before, pas les deux.',
    de: 'Geben Sie die Position mit after oder mit before an, nicht mit beiden.',
  },
  'leadSearch.list_type_mismatch': {
    en: ({ listType, searchType }) => `This list holds ${listType} results; choose a ${searchType} list.`,
    es: ({ listType, searchType }) =>
      `Esta lista contiene resultados de tipo ${listType}; elige una lista de tipo ${searchType}.`,
    fr: ({ listType, searchType }) =>
      `Cette liste contient des résultats ${listType} ; choisissez une liste ${searchType}.`,
    de: ({ listType, searchType }) =>
      `Diese Liste enthält ${listType}-Ergebnisse; wählen Sie eine ${searchType}-Liste.`,
  },
  'leadSearch.limit_exceeded': {
    en: ({ count, remaining }) =>
      `This search asks for ${count} leads but only ${remaining} remain of your monthly search limit.`,
    es: ({ count, remaining }) =>
      `Esta búsqueda pide ${count} contactos, pero solo quedan ${remaining} de tu límite mensual de búsqueda.`,
    fr: ({ count, remaining }) =>
      `Cette recherche demande ${count} prospects, mais il ne reste que ${remaining} sur votre limite mensuelle.`,
    de: ({ count, remaining }) =>
      `Diese Suche fordert ${count} Leads an, aber von Ihrem monatlichen Suchlimit sind nur noch ${remaining} übrig.`,
  },
  'leadSearch.no_credits': {
    en: ({ cost }) => `You need at least ${cost} credits to run this search.`,
    es: ({ cost }) => `Necesitas al menos ${cost} créditos para esta búsqueda.`,
    fr: ({ cost }) => `Il vous faut au moins ${cost} crédits pour lancer cette recherche.`,
    de: ({ cost }) => `Sie benötigen mindestens ${cost} Credits für diese Suche.`,
  },
  'leadSearch.list_in_trash': {
    en: 'This list is in the trash: restore it to search into it again.',
    es: 'Esta lista está en la papelera: restáurala para volver a buscar en ella.',
    fr: 'Cette liste est dans la corbeille : restaurez-la pour y relancer des recherches.',
    de: 'Diese Liste liegt im Papierkorb: Stellen Sie sie wieder her, um wieder in sie zu suchen.',
  },
  'leadSearch.job_running': {
    en: 'A search is already filling this list; wait until it finishes.',
    es: 'Ya hay una búsqueda llenando esta lista; espera a que termine.',
    fr: 'Une recherche remplit déjà cette liste ; attendez la fin.',
    de: 'Eine Suche füllt diese Liste bereits; warten Sie, bis sie fertig ist.',
  },
  'leadSearch.search_started': {
    en: 'Search started: results arrive in the list.',
    es: 'Búsqueda iniciada: los resultados llegan a la lista.',
    fr: 'Recherche lancée : les résultats arrivent dans la liste.',
    de: 'Suche gestartet: Die Ergebnisse erscheinen in der Liste.',
  },
  'leadSearch.stopped_no_credits': {
    en: 'The search stopped: your credits ran out.',
    es: 'La búsqueda se detuvo: se agotaron tus créditos.',
    fr: 'La recherche s’est arrêtée : vos crédits sont épuisés.',
    de: 'Die Suche wurde beendet: Ihre Credits sind aufgebraucht.',
  },
  'leadSearch.stopped_provider_exhausted': {
    en: 'The search finished early: the data source has no more matching leads.',
    es: 'La búsqueda terminó antes: la fuente no tiene más contactos que coincidan.',
    fr: 'La recherche s’est terminée plus tôt : la source n’a plus de prospects correspondants.',
    de: 'Die Suche endete früher: Die Datenquelle hat keine weiteren passenden Leads.',
  },
  'leadSearch.list_created': {
    en: 'List created.',
    es: 'Lista creada.',
    fr: 'Liste créée.',
    de: 'Liste erstellt.',
  },
  'leadSearch.list_updated': {
    en: 'List updated.',
    es: 'Lista actualizada.',
    fr: 'Liste mise à jour.',
    de: 'Liste aktualisiert.',
  },
  'leadSearch.list_deleted': {
    en: 'List deleted.',
    es: 'Lista eliminada.',
    fr: 'Liste supprimée.',
    de: 'Liste gelöscht.',
  },
  'leadSearch.lists_deleted': {
    en: ({ count }) => (Number(count) === 1 ? '1 list deleted.' : `${count} lists deleted.`),
    es: ({ count }) => (Number(count) === 1 ? '1 lista eliminada.' : `${count} listas eliminadas.`),
    fr: ({ count }) => (Number(count) === 1 ? '1 liste supprimée.' : `${count} listes supprimées.`),
    de: ({ count }) => (Number(count) === 1 ? '1 Liste gelöscht.' : `${count} Listen gelöscht.`),
  },
  'leadSearch.list_restored': {
    en: 'List restored from the trash.',
    es: 'Lista restaurada desde la papelera.',
    fr: 'Liste restaurée depuis la corbeille.',
    de: 'Liste aus dem Papierkorb wiederhergestellt.',
  },
  'leadSearch.list_deleted_forever': {
    en: 'List deleted for good.',
    es: 'Lista eliminada definitivamente.',
    fr: 'Liste supprimée définitivement.',
    de: 'Liste endgültig gelöscht.',
  },
  'leadSearch.undo_expired': {
    en: 'It is too late to undo this change.',
    es: 'Ya es demasiado tarde para deshacer este cambio.',
    fr: 'Il est trop tard pour annuler cette modification.',
    de: 'Diese Änderung kann nicht mehr rückgängig gemacht werden.',
  },
  'leadSearch.undo_archive': {
    en: ({ count }) => (Number(count) === 1 ? 'Undone: 1 list is back.' : `Undone: ${count} lists are back.`),
    es: ({ count }) => (Number(count) === 1 ? 'Deshecho: 1 lista ha vuelto.' : `Deshecho: ${count} listas han vuelto.`),
    fr: ({ count }) =>
      Number(count) === 1 ? 'Annulé : 1 liste est revenue.' : `Annulé : ${count} listes sont revenues.`,
    de: ({ count }) =>
      Number(count) === 1 ? 'Rückgängig: 1 Liste ist zurück.' : `Rückgängig: ${count} Listen sind zurück.`,
  },
  'leadSearch.undo_unarchive': {
    en: ({ count }) =>
      Number(count) === 1 ? 'Undone: 1 list archived again.' : `Undone: ${count} lists archived again.`,
    es: ({ count }) =>
      Number(count) === 1 ? 'Deshecho: 1 lista archivada de nuevo.' : `Deshecho: ${count} listas archivadas de nuevo.`,
    fr: ({ count }) =>
      Number(count) === 1 ? 'Annulé : 1 liste de nouveau archivée.' : `Annulé : ${count} listes de nouveau archivées.`,
    de: ({ count }) =>
      Number(count) === 1 ? 'Rückgängig: 1 Liste wieder archiviert.' : `Rückgängig: ${count} Listen wieder archiviert.`,
  },
  'leadSearch.undo_delete': {
    en: ({ count }) => (Number(count) === 1 ? 'Undone: 1 list restored.' : `Undone: ${count} lists restored.`),
    es: ({ count }) =>
      Number(count) === 1 ? 'Deshecho: 1 lista restaurada.' : `Deshecho: ${count} listas restauradas.`,
    fr: ({ count }) => (Number(count) === 1 ? 'Annulé : 1 liste restaurée.' : `Annulé : ${count} listes restaurées.`),
    de: ({ count }) =>
      Number(count) === 1 ? 'Rückgängig: 1 Liste wiederhergestellt.' : `Rückgängig: ${count} Listen wiederhergestellt.`,
  },
  'leadSearch.undo_delete_results': {
    en: ({ count }) => (Number(count) === 1 ? 'Undone: 1 result restored.' : `Undone: ${count} results restored.`),
    es: ({ count }) =>
      Number(count) === 1 ? 'Deshecho: 1 resultado restaurado.' : `Deshecho: ${count} resultados restaurados.`,
    fr: ({ count }) =>
      Number(count) === 1 ? 'Annulé : 1 résultat restauré.' : `Annulé : ${count} résultats restaurés.`,
    de: ({ count }) =>
      Number(count) === 1
        ? 'Rückgängig: 1 Ergebnis wiederhergestellt.'
        : `Rückgängig: ${count} Ergebnisse wiederhergestellt.`,
  },
  'leadSearch.undo_label': {
    en: ({ count }) =>
      Number(count) === 1
        ? 'Undone: labels back as they were on 1 result.'
        : `Undone: labels back as they were on ${count} results.`,
    es: ({ count }) =>
      Number(count) === 1
        ? 'Deshecho: etiquetas como estaban en 1 resultado.'
        : `Deshecho: etiquetas como estaban en ${count} resultados.`,
    fr: ({ count }) =>
      Number(count) === 1
        ? 'Annulé : libellés rétablis sur 1 résultat.'
        : `Annulé : libellés rétablis sur ${count} résultats.`,
    de: ({ count }) =>
      Number(count) === 1
        ? 'Rückgängig: Labels bei 1 Ergebnis wiederhergestellt.'
        : `Rückgängig: Labels bei ${count} Ergebnissen wiederhergestellt.`,
  },
  'leadSearch.view_saved': {
    en: 'View saved.',
    es: 'Vista guardada.',
    fr: 'Vue enregistrée.',
    de: 'Ansicht gespeichert.',
  },
  'leadSearch.view_deleted': {
    en: 'View deleted.',
    es: 'Vista eliminada.',
    fr: 'Vue supprimée.',
    de: 'Ansicht gelöscht.',
  },
  'leadSearch.view_name_taken': {
    en: 'A view of this list type already has this name.',
    es: 'Ya hay una vista de este tipo de lista con este nombre.',
    fr: 'Une vue de ce type de liste porte déjà ce nom.',
    de: 'Eine Ansicht dieses Listentyps hat bereits diesen Namen.',
  },
  'leadSearch.lists_archived': {
    en: ({ count }) => (Number(count) === 1 ? '1 list archived.' : `${count} lists archived.`),
    es: ({ count }) => (Number(count) === 1 ? '1 lista archivada.' : `${count} listas archivadas.`),
    fr: ({ count }) => (Number(count) === 1 ? '1 liste archivée.' : `${count} listes archivées.`),
    de: ({ count }) => (Number(count) === 1 ? '1 Liste archiviert.' : `${count} Listen archiviert.`),
  },
  'leadSearch.lists_unarchived': {
    en: ({ count }) => (Number(count) === 1 ? '1 list restored.' : `${count} lists restored.`),
    es: ({ count }) => (Number(count) === 1 ? '1 lista restaurada.' : `${count} listas restauradas.`),
    fr: ({ count }) => (Number(count) === 1 ? '1 liste restaurée.' : `${count} listes restaurées.`),
    de: ({ count }) => (Number(count) === 1 ? '1 Liste wiederhergestellt.' : `${count} Listen wiederhergestellt.`),
  },
  'leadSearch.details_saved': {
    en: 'Tags and source saved.',
    es: 'Etiquetas y origen guardados.',
    fr: 'Étiquettes et source enregistrées.',
    de: 'Tags und Quelle gespeichert.',
  },
  'leadSearch.results_deleted': {
    en: ({ count }) => (Number(count) === 1 ? '1 result deleted.' : `${count} results deleted.`),
    es: ({ count }) => (Number(count) === 1 ? '1 resultado eliminado.' : `${count} resultados eliminados.`),
    fr: ({ count }) => (Number(count) === 1 ? '1 résultat supprimé.' : `${count} résultats supprimés.`),
    de: ({ count }) => (Number(count) === 1 ? '1 Ergebnis gelöscht.' : `${count} Ergebnisse gelöscht.`),
  },
  'leadSearch.result_added': {
    en: 'Lead added to the list.',
    es: 'Contacto añadido a la lista.',
    fr: 'Prospect ajouté à la liste.',
    de: 'Lead zur Liste hinzugefügt.',
  },
  'leadSearch.manual_people': {
    en: 'Provide a LinkedIn URL, email or name.',
    es: 'Indica una URL de LinkedIn, un correo o un nombre.',
    fr: 'Indiquez une URL LinkedIn, un e-mail ou un nom.',
    de: 'Geben Sie eine LinkedIn-URL, E-Mail oder einen Namen an.',
  },
  'leadSearch.required_when_no_email': {
    en: 'Required when the email field is empty.',
    es: 'Obligatorio cuando el campo de correo está vacío.',
    fr: 'Obligatoire lorsque le champ e-mail est vide.',
    de: 'Erforderlich, wenn das E-Mail-Feld leer ist.',
  },
  'leadSearch.manual_not_supported': {
    en: ({ type }) => `Manual entry is not available for ${type} lists.`,
    es: ({ type }) => `La entrada manual no está disponible para listas de tipo ${type}.`,
    fr: ({ type }) => `La saisie manuelle n’est pas disponible pour les listes ${type}.`,
    de: ({ type }) => `Manuelle Eingabe ist für ${type}-Listen nicht verfügbar.`,
  },
  'leadSearch.enrichment_queued': {
    en: ({ n }) =>
      Number(n) === 0
        ? 'Nothing to look up: the selected results already have it.'
        : `Looking up ${n} ${Number(n) === 1 ? 'result' : 'results'}: the list shows the progress.`,
    es: ({ n }) =>
      Number(n) === 0
        ? 'Nada que buscar: los resultados seleccionados ya lo tienen.'
        : `Buscando ${n} ${Number(n) === 1 ? 'resultado' : 'resultados'}: la lista muestra el progreso.`,
    fr: ({ n }) =>
      Number(n) === 0
        ? 'Rien à rechercher : les résultats sélectionnés l’ont déjà.'
        : `Recherche pour ${n} ${Number(n) === 1 ? 'résultat' : 'résultats'} : la liste affiche la progression.`,
    de: ({ n }) =>
      Number(n) === 0
        ? 'Nichts nachzuschlagen: Die ausgewählten Ergebnisse haben es bereits.'
        : `${n} ${Number(n) === 1 ? 'Ergebnis wird' : 'Ergebnisse werden'} nachgeschlagen: Die Liste zeigt den Fortschritt.`,
  },
  'leadSearch.phones_found': {
    en: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'phone' : 'phones'} found, ${credits} credits charged.`,
    es: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'teléfono encontrado' : 'teléfonos encontrados'}, ${credits} créditos cobrados.`,
    fr: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'téléphone trouvé' : 'téléphones trouvés'}, ${credits} crédits débités.`,
    de: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'Telefonnummer' : 'Telefonnummern'} gefunden, ${credits} Credits berechnet.`,
  },
  'leadSearch.phones_stopped_no_credits': {
    en: ({ found, credits }) => `Your credits ran out: ${found} phones found, ${credits} credits charged.`,
    es: ({ found, credits }) =>
      `Se agotaron tus créditos: ${found} teléfonos encontrados, ${credits} créditos cobrados.`,
    fr: ({ found, credits }) => `Vos crédits sont épuisés : ${found} téléphones trouvés, ${credits} crédits débités.`,
    de: ({ found, credits }) =>
      `Ihre Credits sind aufgebraucht: ${found} Telefonnummern gefunden, ${credits} Credits berechnet.`,
  },
  'leadSearch.webhook_private_address': {
    en: 'This URL points to a private or local address and cannot be used.',
    es: 'Esta URL apunta a una dirección privada o local y no se puede usar.',
    fr: 'Cette URL pointe vers une adresse privée ou locale et ne peut pas être utilisée.',
    de: 'Diese URL verweist auf eine private oder lokale Adresse und kann nicht verwendet werden.',
  },
  'leadSearch.webhook_unresolvable': {
    en: 'The host of this URL could not be found.',
    es: 'No se encontró el host de esta URL.',
    fr: "L'hôte de cette URL est introuvable.",
    de: 'Der Host dieser URL wurde nicht gefunden.',
  },
  'leadSearch.webhook_saved': {
    en: 'Webhook saved.',
    es: 'Webhook guardado.',
    fr: 'Webhook enregistré.',
    de: 'Webhook gespeichert.',
  },
  'leadSearch.list_has_no_webhook': {
    en: 'Selected list has no webhook, set it up.',
    es: 'La lista seleccionada no tiene webhook; configúralo.',
    fr: "La liste sélectionnée n'a pas de webhook, configurez-le.",
    de: 'Die ausgewählte Liste hat keinen Webhook, richten Sie ihn ein.',
  },
  'leadSearch.webhook_sent': {
    en: ({ sent, unsent }) =>
      Number(unsent) === 0 ? `${sent} results sent.` : `${sent} results sent, ${unsent} not sent.`,
    es: ({ sent, unsent }) =>
      Number(unsent) === 0 ? `${sent} resultados enviados.` : `${sent} resultados enviados, ${unsent} sin enviar.`,
    fr: ({ sent, unsent }) =>
      Number(unsent) === 0 ? `${sent} résultats envoyés.` : `${sent} résultats envoyés, ${unsent} non envoyés.`,
    de: ({ sent, unsent }) =>
      Number(unsent) === 0 ? `${sent} Ergebnisse gesendet.` : `${sent} Ergebnisse gesendet, ${unsent} nicht gesendet.`,
  },
  'leadSearch.crm_connect_first': {
    en: 'Connect a CRM first (Settings → Integration → CRM).',
    es: 'Conecta primero un CRM (Ajustes → Integración → CRM).',
    fr: "Connectez d'abord un CRM (Paramètres → Intégration → CRM).",
    de: 'Verbinden Sie zuerst ein CRM (Einstellungen → Integration → CRM).',
  },
  'leadSearch.crm_not_shared': {
    en: 'Your parent account does not share its {name} connection with you. Connect your own {name} in Settings → Integration → CRM.',
    es: 'Tu cuenta principal no comparte contigo su conexión con {name}. Conecta tu propio {name} en Ajustes → Integración → CRM.',
    fr: 'Votre compte parent ne partage pas sa connexion {name} avec vous. Connectez votre propre {name} dans Paramètres → Intégration → CRM.',
    de: 'Ihr übergeordnetes Konto teilt seine {name}-Verbindung nicht mit Ihnen. Verbinden Sie Ihr eigenes {name} unter Einstellungen → Integration → CRM.',
  },
  'leadSearch.crm_sending': {
    en: ({ count, name }) => `Sending ${count} ${Number(count) === 1 ? 'result' : 'results'} to ${name}…`,
    es: ({ count, name }) => `Enviando ${count} ${Number(count) === 1 ? 'resultado' : 'resultados'} a ${name}…`,
    fr: ({ count, name }) => `Envoi de ${count} ${Number(count) === 1 ? 'résultat' : 'résultats'} vers ${name}…`,
    de: ({ count, name }) =>
      `${count} ${Number(count) === 1 ? 'Ergebnis wird' : 'Ergebnisse werden'} an ${name} gesendet…`,
  },
  'leadSearch.crm_nothing_to_send': {
    en: 'Nothing to send: the selected results are still being looked up or are already being sent.',
    es: 'Nada que enviar: los resultados seleccionados aún se están buscando o ya se están enviando.',
    fr: 'Rien à envoyer : les résultats sélectionnés sont encore en recherche ou déjà en cours d’envoi.',
    de: 'Nichts zu senden: Die ausgewählten Ergebnisse werden noch gesucht oder bereits gesendet.',
  },
  'leadSearch.search_stopped': {
    en: 'Search stopped: the results found so far stay in the list.',
    es: 'Búsqueda detenida: los resultados encontrados se quedan en la lista.',
    fr: 'Recherche arrêtée : les résultats déjà trouvés restent dans la liste.',
    de: 'Suche gestoppt: Die bisher gefundenen Ergebnisse bleiben in der Liste.',
  },
  'leadSearch.employees_found': {
    en: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'employee' : 'employees'} found, ${credits} credits charged.`,
    es: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'empleado encontrado' : 'empleados encontrados'}, ${credits} créditos cobrados.`,
    fr: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'employé trouvé' : 'employés trouvés'}, ${credits} crédits débités.`,
    de: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'Mitarbeiter' : 'Mitarbeitende'} gefunden, ${credits} Credits berechnet.`,
  },
  'leadSearch.employees_stopped_no_credits': {
    en: ({ found, credits }) => `Your credits ran out: ${found} employees found, ${credits} credits charged.`,
    es: ({ found, credits }) =>
      `Se agotaron tus créditos: ${found} empleados encontrados, ${credits} créditos cobrados.`,
    fr: ({ found, credits }) => `Vos crédits sont épuisés : ${found} employés trouvés, ${credits} crédits débités.`,
    de: ({ found, credits }) =>
      `Ihre Credits sind aufgebraucht: ${found} Mitarbeitende gefunden, ${credits} Credits berechnet.`,
  },
  'leadSearch.enriched': {
    en: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'creator' : 'creators'} enriched, ${credits} credits charged.`,
    es: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'creador enriquecido' : 'creadores enriquecidos'}, ${credits} créditos cobrados.`,
    fr: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'créateur enrichi' : 'créateurs enrichis'}, ${credits} crédits débités.`,
    de: ({ found, credits }) =>
      `${found} ${Number(found) === 1 ? 'Creator' : 'Creators'} angereichert, ${credits} Credits berechnet.`,
  },
  'leadSearch.enrich_stopped_no_credits': {
    en: ({ found, credits }) => `Your credits ran out: ${found} creators enriched, ${credits} credits charged.`,
    es: ({ found, credits }) =>
      `Se agotaron tus créditos: ${found} creadores enriquecidos, ${credits} créditos cobrados.`,
    fr: ({ found, credits }) => `Vos crédits sont épuisés : ${found} créateurs enrichis, ${credits} crédits débités.`,
    de: ({ found, credits }) =>
      `Ihre Credits sind aufgebraucht: ${found} Creators angereichert, ${credits} Credits berechnet.`,
  },
  'leadSearch.labels_saved': {
    en: ({ count }) => (Number(count) === 1 ? 'Labels updated on 1 result.' : `Labels updated on ${count} results.`),
    es: ({ count }) =>
      Number(count) === 1 ? 'Etiquetas actualizadas en 1 resultado.' : `Etiquetas actualizadas en ${count} resultados.`,
    fr: ({ count }) =>
      Number(count) === 1 ? 'Libellés mis à jour sur 1 résultat.' : `Libellés mis à jour sur ${count} résultats.`,
    de: ({ count }) =>
      Number(count) === 1 ? 'Labels bei 1 Ergebnis aktualisiert.' : `Labels bei ${count} Ergebnissen aktualisiert.`,
  },
  'leadSearch.label_created': {
    en: ({ name }) => `Label "${name}" created.`,
    es: ({ name }) => `Etiqueta "${name}" creada.`,
    fr: ({ name }) => `Libellé « ${name} » créé.`,
    de: ({ name }) => `Label „${name}“ erstellt.`,
  },
  'leadSearch.label_saved': {
    en: 'Label saved.',
    es: 'Etiqueta guardada.',
    fr: 'Libellé enregistré.',
    de: 'Label gespeichert.',
  },
  'leadSearch.label_deleted': {
    en: ({ count }) => `Label deleted and removed from ${count} results.`,
    es: ({ count }) => `Etiqueta eliminada y quitada de ${count} resultados.`,
    fr: ({ count }) => `Libellé supprimé et retiré de ${count} résultats.`,
    de: ({ count }) => `Label gelöscht und von ${count} Ergebnissen entfernt.`,
  },
  'leadSearch.label_exists': {
    en: 'You already have a label with this name.',
    es: 'Ya tienes una etiqueta con este nombre.',
    fr: 'Vous avez déjà un libellé portant ce nom.',
    de: 'Sie haben bereits ein Label mit diesem Namen.',
  },
  'leadSearch.autopilot_created': {
    en: 'Autopilot saved: its first run starts shortly.',
    es: 'Piloto automático guardado: su primera ejecución empieza en breve.',
    fr: 'Pilote automatique enregistré : sa première exécution démarre sous peu.',
    de: 'Autopilot gespeichert: Der erste Lauf startet in Kürze.',
  },
  'leadSearch.autopilot_saved': {
    en: 'Autopilot saved.',
    es: 'Piloto automático guardado.',
    fr: 'Pilote automatique enregistré.',
    de: 'Autopilot gespeichert.',
  },
  'leadSearch.autopilot_paused': {
    en: 'Autopilot paused.',
    es: 'Piloto automático en pausa.',
    fr: 'Pilote automatique en pause.',
    de: 'Autopilot pausiert.',
  },
  'leadSearch.autopilot_resumed': {
    en: 'Autopilot resumed: the next run starts shortly.',
    es: 'Piloto automático reanudado: la próxima ejecución empieza en breve.',
    fr: 'Pilote automatique relancé : la prochaine exécution démarre sous peu.',
    de: 'Autopilot fortgesetzt: Der nächste Lauf startet in Kürze.',
  },
  'leadSearch.autopilot_deleted': {
    en: 'Autopilot deleted.',
    es: 'Piloto automático eliminado.',
    fr: 'Pilote automatique supprimé.',
    de: 'Autopilot gelöscht.',
  },
  'leadSearch.assistant.ai_started': {
    en: 'AI prompts are running on {total} results.',
    es: 'Las indicaciones de IA se están ejecutando en {total} resultados.',
    fr: "Les consignes d'IA sont en cours sur {total} résultats.",
    de: 'KI-Prompts laufen für {total} Ergebnisse.',
  },
  'leadSearch.assistant.ai_done': {
    en: 'AI texts written: {processed} results done, {failed} failed.',
    es: 'Textos de IA escritos: {processed} resultados listos, {failed} fallidos.',
    fr: "Textes d'IA rédigés : {processed} résultats terminés, {failed} en échec.",
    de: 'KI-Texte geschrieben: {processed} Ergebnisse fertig, {failed} fehlgeschlagen.',
  },
  'leadSearch.assistant.too_many': {
    en: 'You can keep at most {max} extra prompts per list type.',
    es: 'Puedes guardar como máximo {max} indicaciones adicionales por tipo de lista.',
    fr: 'Vous pouvez garder au plus {max} consignes supplémentaires par type de liste.',
    de: 'Sie können höchstens {max} zusätzliche Prompts pro Listentyp behalten.',
  },
  'leadSearch.assistant.prompt_created': {
    en: 'Prompt created.',
    es: 'Indicación creada.',
    fr: 'Consigne créée.',
    de: 'Prompt erstellt.',
  },
  'leadSearch.assistant.prompt_saved': {
    en: 'Prompt saved.',
    es: 'Indicación guardada.',
    fr: 'Consigne enregistrée.',
    de: 'Prompt gespeichert.',
  },
  'leadSearch.assistant.prompt_reset': {
    en: 'Prompt reset to the default.',
    es: 'Indicación restablecida a la predeterminada.',
    fr: 'Consigne rétablie par défaut.',
    de: 'Prompt auf den Standard zurückgesetzt.',
  },
  'leadSearch.assistant.prompt_deleted': {
    en: 'Prompt deleted.',
    es: 'Indicación eliminada.',
    fr: 'Consigne supprimée.',
    de: 'Prompt gelöscht.',
  },
  'leadSearch.assistant.not_standard': {
    en: 'Only a standard prompt can be reset to its default.',
    es: 'Solo una indicación estándar puede restablecerse a la predeterminada.',
    fr: 'Seule une consigne standard peut être rétablie par défaut.',
    de: 'Nur ein Standard-Prompt kann auf den Standard zurückgesetzt werden.',
  },
  'leadSearch.assistant.generated': {
    en: 'Prompt generated from your business profile: review it and save.',
    es: 'Indicación generada a partir de tu perfil de empresa: revísala y guárdala.',
    fr: "Consigne générée à partir de votre profil d'entreprise : relisez-la et enregistrez-la.",
    de: 'Prompt aus Ihrem Unternehmensprofil erstellt: prüfen und speichern.',
  },
  'leadSearch.assistant.library_used': {
    en: '“{title}” was added to your prompts.',
    es: '“{title}” se añadió a tus indicaciones.',
    fr: '« {title} » a été ajoutée à vos consignes.',
    de: '„{title}“ wurde zu Ihren Prompts hinzugefügt.',
  },
  'leadSearch.workflow.created': {
    en: 'Workflow created.',
    es: 'Flujo de trabajo creado.',
    fr: 'Workflow créé.',
    de: 'Workflow erstellt.',
  },
  'leadSearch.workflow.saved': {
    en: 'Workflow saved as a draft.',
    es: 'Flujo de trabajo guardado como borrador.',
    fr: 'Workflow enregistré comme brouillon.',
    de: 'Workflow als Entwurf gespeichert.',
  },
  'leadSearch.workflow.deleted': {
    en: 'Workflow deleted.',
    es: 'Flujo de trabajo eliminado.',
    fr: 'Workflow supprimé.',
    de: 'Workflow gelöscht.',
  },
  'leadSearch.workflow.published': {
    en: 'Workflow published.',
    es: 'Flujo de trabajo publicado.',
    fr: 'Workflow publié.',
    de: 'Workflow veröffentlicht.',
  },
  'leadSearch.workflow.unpublished': {
    en: 'Workflow back to draft.',
    es: 'El flujo de trabajo vuelve a ser un borrador.',
    fr: 'Le workflow est de nouveau un brouillon.',
    de: 'Workflow ist wieder ein Entwurf.',
  },
  'leadSearch.workflow.run_started': {
    en: 'Run started: follow each node in the run log.',
    es: 'Ejecución iniciada: sigue cada nodo en el registro.',
    fr: 'Exécution lancée : suivez chaque nœud dans le journal.',
    de: 'Lauf gestartet: Verfolgen Sie jeden Knoten im Protokoll.',
  },
  'leadSearch.workflow.duplicate_node': {
    en: 'Two nodes have the same id.',
    es: 'Dos nodos tienen el mismo identificador.',
    fr: 'Deux nœuds ont le même identifiant.',
    de: 'Zwei Knoten haben dieselbe ID.',
  },
  'leadSearch.workflow.edge_unknown_node': {
    en: 'This connection points to a node that does not exist.',
    es: 'Esta conexión apunta a un nodo que no existe.',
    fr: "Cette connexion pointe vers un nœud qui n'existe pas.",
    de: 'Diese Verbindung zeigt auf einen Knoten, den es nicht gibt.',
  },
  'leadSearch.workflow.self_loop': {
    en: 'A node cannot be connected to itself.',
    es: 'Un nodo no puede conectarse consigo mismo.',
    fr: 'Un nœud ne peut pas être relié à lui-même.',
    de: 'Ein Knoten kann nicht mit sich selbst verbunden werden.',
  },
  'leadSearch.workflow.duplicate_edge': {
    en: 'These two nodes are already connected.',
    es: 'Estos dos nodos ya están conectados.',
    fr: 'Ces deux nœuds sont déjà reliés.',
    de: 'Diese beiden Knoten sind bereits verbunden.',
  },
  'leadSearch.workflow.operator_field': {
    en: '"Contains" works on text fields only.',
    es: '"Contiene" solo funciona con campos de texto.',
    fr: '« Contient » ne s’applique qu’aux champs texte.',
    de: '„Enthält“ gilt nur für Textfelder.',
  },
  'leadSearch.workflow.no_trigger': {
    en: 'Add a trigger node: it starts the workflow.',
    es: 'Añade un nodo disparador: inicia el flujo de trabajo.',
    fr: 'Ajoutez un nœud déclencheur : il lance le workflow.',
    de: 'Fügen Sie einen Auslöser-Knoten hinzu: Er startet den Workflow.',
  },
  'leadSearch.workflow.two_triggers': {
    en: 'A workflow has exactly one trigger; remove the other.',
    es: 'Un flujo de trabajo tiene exactamente un disparador; elimina el otro.',
    fr: 'Un workflow a exactement un déclencheur ; supprimez l’autre.',
    de: 'Ein Workflow hat genau einen Auslöser; entfernen Sie den anderen.',
  },
  'leadSearch.workflow.trigger_input': {
    en: 'Nothing can lead into the trigger: it is the start.',
    es: 'Nada puede conectarse al disparador: es el inicio.',
    fr: 'Rien ne peut mener au déclencheur : c’est le départ.',
    de: 'Nichts darf in den Auslöser führen: Er ist der Anfang.',
  },
  'leadSearch.workflow.empty': {
    en: 'Add at least one step after the trigger.',
    es: 'Añade al menos un paso después del disparador.',
    fr: 'Ajoutez au moins une étape après le déclencheur.',
    de: 'Fügen Sie nach dem Auslöser mindestens einen Schritt hinzu.',
  },
  'leadSearch.workflow.not_connected': {
    en: 'Connect all nodes before continuing.',
    es: 'Conecta todos los nodos antes de continuar.',
    fr: 'Reliez tous les nœuds avant de continuer.',
    de: 'Verbinden Sie alle Knoten, bevor Sie fortfahren.',
  },
  'leadSearch.workflow.cycle': {
    en: 'The connections make a loop; a workflow must flow one way.',
    es: 'Las conexiones forman un bucle; el flujo debe ir en un solo sentido.',
    fr: 'Les connexions forment une boucle ; le workflow doit aller dans un seul sens.',
    de: 'Die Verbindungen bilden eine Schleife; ein Workflow muss in eine Richtung laufen.',
  },
  'leadSearch.workflow.node_settings': {
    en: 'Complete the settings of every node before publishing ({name}).',
    es: 'Completa los ajustes de cada nodo antes de publicar ({name}).',
    fr: 'Complétez les réglages de chaque nœud avant de publier ({name}).',
    de: 'Vervollständigen Sie vor dem Veröffentlichen die Einstellungen jedes Knotens ({name}).',
  },
  'leadSearch.workflow.published_locked': {
    en: 'Unpublish the workflow to edit it.',
    es: 'Despublica el flujo de trabajo para editarlo.',
    fr: 'Dépubliez le workflow pour le modifier.',
    de: 'Nehmen Sie den Workflow zurück, um ihn zu bearbeiten.',
  },
  'leadSearch.workflow.not_published': {
    en: 'Publish the workflow before running it.',
    es: 'Publica el flujo de trabajo antes de ejecutarlo.',
    fr: 'Publiez le workflow avant de l’exécuter.',
    de: 'Veröffentlichen Sie den Workflow, bevor Sie ihn ausführen.',
  },
  'leadSearch.workflow.run_in_progress': {
    en: 'This workflow is already running; wait until the run ends.',
    es: 'Este flujo de trabajo ya se está ejecutando; espera a que termine.',
    fr: 'Ce workflow est déjà en cours ; attendez la fin de l’exécution.',
    de: 'Dieser Workflow läuft bereits; warten Sie, bis der Lauf endet.',
  },
} satisfies Record<string, Translations>;

import type { Translations } from './types';

/** Messages of remote delivery (registry, releases, diagnostics). */
export const deliveryMessages = {
  'delivery.version_not_found': {
    en: ({ remote, version }) => `Version ${version} of ${remote} is not published on this server.`,
    es: ({ remote, version }) => `La versión ${version} de ${remote} no está publicada en este servidor.`,
    fr: ({ remote, version }) => `La version ${version} de ${remote} n’est pas publiée sur ce serveur.`,
    de: ({ remote, version }) => `Version ${version} von ${remote} ist auf diesem Server nicht veröffentlicht.`,
  },
  'delivery.version_format': {
    en: 'Enter a version such as 1.2.0 or an https:// URL of an mf-manifest.json.',
    es: 'Introduce una versión como 1.2.0 o una URL https:// de un mf-manifest.json.',
    fr: 'Saisissez une version comme 1.2.0 ou une URL https:// d’un mf-manifest.json.',
    de: 'Geben Sie eine Version wie 1.2.0 oder eine https://-URL einer mf-manifest.json ein.',
  },
  'delivery.override_empty': {
    en: 'Set a pinned version, a canary, or both.',
    es: 'Indica una versión fija, un canary o ambos.',
    fr: 'Indiquez une version figée, un canari, ou les deux.',
    de: 'Legen Sie eine feste Version, einen Canary oder beides fest.',
  },
  'delivery.override_saved': {
    en: 'Remote registry override saved. It applies from the next page load.',
    es: 'Ajuste del registro de remotos guardado. Se aplica a partir de la próxima carga de página.',
    fr: 'Réglage du registre des remotes enregistré. Il s’applique au prochain chargement de page.',
    de: 'Überschreibung der Remote-Registry gespeichert. Sie gilt ab dem nächsten Seitenaufruf.',
  },
  'delivery.override_deleted': {
    en: 'Remote registry override removed.',
    es: 'Ajuste del registro de remotos eliminado.',
    fr: 'Réglage du registre des remotes supprimé.',
    de: 'Überschreibung der Remote-Registry entfernt.',
  },
} satisfies Record<string, Translations>;

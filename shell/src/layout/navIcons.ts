/**
 * The sidebar's icons: one 24×24 stroked outline per item, as SVG path data. Plain data so the React
 * sidebar and the boot frame (plain DOM, before React) draw the same `<svg>`; no icon library is
 * loaded for ~30 small glyphs. Keyed by the item's label key, which is unique per destination.
 */
const PATHS = {
  building: 'M3 21h18M5 21V7l7-4 7 4v14M9 10h1M14 10h1M9 14h1M14 14h1',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H3zM3 7V5h13v2M16 13h2',
  plug: 'M9 2v6M15 2v6M6 8h12v3a6 6 0 0 1-12 0zM12 17v5',
  bars: 'M3 21h18M6 17v-6M11 17V5M16 17v-9M20 17v-3',
  sparkles: 'M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM19 16l1 2 2 1-2 1-1 2-1-2-2-1 2-1z',
  target: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8M12 11.5v1',
  search: 'M11 4a7 7 0 1 0 0 14a7 7 0 1 0 0-14M21 21l-5-5',
  workflow: 'M4 3h5v5H4zM15 16h5v5h-5zM6.5 8v4.5h11V16',
  list: 'M9 6h12M9 12h12M9 18h12M4 6h1M4 12h1M4 18h1',
  bookmark: 'M6 3h12v18l-6-4-6 4z',
  chat: 'M4 4h16v12H9l-5 4zM8 9h8M8 12h5',
  tag: 'M3 3h8l10 10-8 8L3 11zM7.5 7.5h.01',
  repeat: 'M4 11a8 8 0 0 1 14-4.5M19 3v4h-4M20 13a8 8 0 0 1-14 4.5M5 21v-4h4',
  briefcase: 'M3 7h18v13H3zM9 7V4h6v3M3 13h18',
  box: 'M3 7l9-4 9 4v10l-9 4-9-4zM3 7l9 4 9-4M12 11v10',
  card: 'M2 6h20v12H2zM2 10h20M6 15h4',
  calendar: 'M3 5h18v16H3zM3 10h18M8 3v4M16 3v4',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  mail: 'M3 5h18v14H3zM3 5l9 8 9-8',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  file: 'M6 2h9l5 5v15H6zM14 2v5h5M9 13h6M9 17h6',
  book: 'M3 4h6a3 3 0 0 1 3 3v14a2 2 0 0 0-2-2H3zM21 4h-6a3 3 0 0 0-3 3v14a2 2 0 0 1 2-2h7z',
  people: 'M9 11a4 4 0 1 0 0-8a4 4 0 1 0 0 8M2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M22 21a7 7 0 0 0-4-6.3',
  grid: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  user: 'M12 12a5 5 0 1 0 0-10a5 5 0 1 0 0 10M3 22a9 9 0 0 1 18 0',
  layers: 'M12 2l10 5-10 5L2 7zM2 12l10 5 10-5M2 17l10 5 10-5',
  database:
    'M4 5c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  chart: 'M3 3v18h18M7 15l4-4 3 3 6-6',
  hash: 'M4 9h16M4 15h16M10 3L8 21M16 3l-2 18',
  external: 'M14 3h7v7M21 3l-9 9M19 14v7H3V5h7',
  collapse: 'M3 3h18v18H3zM9 3v18M16 9l-3 3 3 3',
  expand: 'M3 3h18v18H3zM9 3v18M13 9l3 3-3 3',
} as const;

export type NavIconName = keyof typeof PATHS;

const BY_LABEL: Record<string, NavIconName> = {
  'sidebar.items.businessProfile': 'building',
  'sidebar.items.wallet': 'wallet',
  'sidebar.items.integration': 'plug',
  'sidebar.items.creditUsage': 'bars',
  'sidebar.items.aiTraining': 'sparkles',
  'sidebar.items.icpSuggestions': 'target',
  'sidebar.items.newSearch': 'search',
  'sidebar.items.workflows': 'workflow',
  'sidebar.items.savedLists': 'list',
  'sidebar.items.savedSearches': 'bookmark',
  'sidebar.items.aiAssistant': 'chat',
  'sidebar.items.customLabels': 'tag',
  'sidebar.items.autopilots': 'repeat',
  'sidebar.items.businessAccount': 'briefcase',
  'sidebar.items.packages': 'box',
  'sidebar.items.stripe': 'card',
  'sidebar.items.subscriptions': 'calendar',
  'sidebar.items.customLinks': 'link',
  'sidebar.items.smtp': 'mail',
  'sidebar.items.supportChat': 'chat',
  'sidebar.items.webhook': 'bolt',
  'sidebar.items.emailTemplates': 'file',
  'sidebar.items.training': 'book',
  'sidebar.items.partners': 'people',
  'sidebar.items.dashboard': 'grid',
  'sidebar.items.users': 'user',
  'sidebar.items.plans': 'layers',
  'sidebar.items.searchers': 'database',
  'sidebar.items.userAnalytics': 'chart',
  'sidebar.items.reports': 'file',
  'sidebar.items.topics': 'hash',
};

/** The icon of a sidebar item; links without one of their own (resources, custom links) show `external`. */
export function navIconFor(labelKey: string | undefined): NavIconName {
  return (labelKey && BY_LABEL[labelKey]) || 'external';
}

/** The attributes of the icon's `<svg>` and its `<path>`: decorative, the link's text names it. */
export function navIconAttributes(name: NavIconName) {
  return {
    svg: {
      class: 'ls-nav-icon',
      width: '20',
      height: '20',
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '2',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    path: { d: PATHS[name] },
  };
}

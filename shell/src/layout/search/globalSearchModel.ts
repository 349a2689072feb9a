import { paths, type Branding, type User } from '@leadsmith/shared/core';
import { accountMenuModel } from '../accountMenuModel';
import { sidebarModel } from '../frameModel';

/** A page the header's search offers: its title and the group it sits in, both as i18n keys. */
export interface SearchablePage {
  to: string;
  labelKey: string;
  groupKey: string;
}

/** The pages of the user's sidebar and account menu: what the user can open, nothing more. */
export function searchablePages(user: User | undefined, branding: Branding): SearchablePage[] {
  const sidebar = sidebarModel(user?.modules, branding).groups.flatMap(({ area, items }) =>
    items.map((item) => ({ to: `${area.basePath}/${item.path}`, labelKey: item.labelKey, groupKey: area.groupKey })),
  );
  const account = user
    ? accountMenuModel(user).map((item) => ({ to: item.to, labelKey: item.labelKey, groupKey: 'account.button' }))
    : [];
  return [...sidebar, ...account];
}

/** Case- and accent-insensitive form of a text in a language ("Équipe" finds "equipe"). */
export function folded(text: string, lang: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase(lang);
}

/** Pages whose translated title holds the text; titles that start with it first. */
export function matchingPages(
  pages: SearchablePage[],
  text: string,
  translate: (key: string) => string,
  lang: string,
): SearchablePage[] {
  const needle = folded(text.trim(), lang);
  if (!needle) return [];
  const scored = pages.flatMap((page) => {
    const at = folded(translate(page.labelKey), lang).indexOf(needle);
    return at < 0 ? [] : [{ page, starts: at === 0 }];
  });
  return scored.sort((a, b) => Number(b.starts) - Number(a.starts)).map((s) => s.page);
}

/** Where a list or a result found by the search opens. */
export const listPath = (list: { id: number; list_type: string }) =>
  paths.leadSearch.savedList(list.list_type, list.id);
export const resultPath = (result: { id: number; campaign_id: number; list_type: string }) =>
  `${paths.leadSearch.savedList(result.list_type, result.campaign_id)}/${result.id}`;

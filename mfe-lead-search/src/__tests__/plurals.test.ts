import { i18n, loadLanguage, registerAreaTranslations } from '@leadsmith/shared';
import { NAMESPACE, translations } from '../locales';

/** Counted nouns go through i18next's plural rules of the user's language, numbers through Intl. */
describe('lead search counts in four languages', () => {
  beforeAll(async () => {
    registerAreaTranslations(NAMESPACE, translations);
    await Promise.all((['es', 'fr', 'de'] as const).map((lang) => loadLanguage(lang)));
  });
  afterAll(() => i18n.changeLanguage('en'));

  const say = (lng: string, key: string, count: number) => i18n.t(`${NAMESPACE}:${key}`, { lng, count });

  it('uses the singular for one and the plural otherwise', () => {
    expect(say('en', 'savedLists.selected', 1)).toBe('1 list selected');
    expect(say('en', 'savedLists.selected', 2)).toBe('2 lists selected');
    expect(say('en', 'selection.confirmDelete', 1)).toBe('Delete 1 result?');
    expect(say('de', 'savedLists.results', 1)).toBe('1 Ergebnis');
    expect(say('de', 'savedLists.results', 3)).toBe('3 Ergebnisse');
    expect(say('es', 'workflow.conditionCount', 2)).toBe('2 condiciones');
    // French counts zero as singular.
    expect(say('fr', 'savedLists.results', 0)).toBe('0 résultat');
  });

  it('formats the list size with the language’s digit grouping', () => {
    expect(say('en', 'list.size', 1)).toBe('This list holds 1 lead.');
    expect(say('en', 'list.size', 12500)).toBe('This list holds 12,500 leads.');
    expect(say('de', 'list.size', 12500)).toBe('Diese Liste enthält 12.500 Leads.');
  });
});

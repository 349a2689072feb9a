import de from '../../locales/de/common.json';
import fr from '../../locales/fr/common.json';
import { i18n, loadLanguage, setLanguage } from '../i18n';

describe('languages on demand', () => {
  afterEach(async () => {
    await setLanguage('en');
    localStorage.clear();
  });

  it('ships English only; another language is fetched when first used, and shows', async () => {
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'common')).toBe(false);
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    expect(localStorage.getItem('lang')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('actions.signOut')).toBe(de.actions.signOut);
  });

  it('loads a language once, however many ask at the same time', async () => {
    const added = jest.fn();
    i18n.store.on('added', added);
    await Promise.all([loadLanguage('fr'), loadLanguage('fr'), loadLanguage('fr')]);
    i18n.store.off('added', added);
    expect(added).toHaveBeenCalledTimes(1);
    expect(i18n.getResource('fr', 'common', 'actions.signOut')).toBe(fr.actions.signOut);
  });
});

import de from '../../locales/de/common.json';
import fr from '../../locales/fr/common.json';
import { i18n, loadAreaLanguage, loadLanguage, registerAreaTranslations, setLanguage } from '../i18n';

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

  it('gives an area English at once and its other languages when one is used: on a switch, or before it mounts', async () => {
    const load = {
      es: jest.fn(async () => ({ default: { hello: 'Hola' } })),
      fr: jest.fn(async () => ({ hello: 'Bonjour' })),
      de: jest.fn(async () => ({ default: { hello: 'Hallo' } })),
    };
    registerAreaTranslations('demoArea', { en: { hello: 'Hello' }, load });
    expect(i18n.t('demoArea:hello')).toBe('Hello');
    expect(i18n.hasResourceBundle('de', 'demoArea')).toBe(false);

    await setLanguage('de');
    expect(i18n.t('demoArea:hello')).toBe('Hallo');
    expect(load.de).toHaveBeenCalledTimes(1);
    expect(load.es).not.toHaveBeenCalled();

    // A page already in French when the area first mounts: its bootstrap loads French alone.
    await i18n.changeLanguage('fr');
    await loadAreaLanguage('demoArea');
    expect(i18n.t('demoArea:hello')).toBe('Bonjour');
    expect(load.es).not.toHaveBeenCalled();
  });

  it('shows English when an area’s language cannot be fetched, and fetches it again next time', async () => {
    const es = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ hello: 'Hola' });
    registerAreaTranslations('flakyArea', { en: { hello: 'Hello' }, load: { es, fr: jest.fn(), de: jest.fn() } });
    await expect(setLanguage('es')).rejects.toThrow('offline');
    expect(i18n.t('flakyArea:hello', { lng: 'es' })).toBe('Hello');
    await setLanguage('es');
    expect(i18n.t('flakyArea:hello')).toBe('Hola');
    expect(es).toHaveBeenCalledTimes(2);
  });
});

import { AREAS, areaForPath, areaHomePath, defaultAreaFor, userHasModule } from '../areas';
import { paths } from '../paths';

const mods = (...slugs: string[]) => slugs.map((slug) => ({ slug }));

describe('areas', () => {
  it('lists the spec sidebar groups in order with their module slugs', () => {
    expect(AREAS.map((a) => [a.id, a.module])).toEqual([
      ['settings', null],
      ['ai', 'ai_suggest'],
      ['lead-search', 'leads'],
      ['whitelabel', 'whitelabel'],
      ['admin', 'admin'],
    ]);
  });

  it('sends each account to the first module group it holds, else Settings', () => {
    expect(areaHomePath(defaultAreaFor(mods('ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet')))).toBe(
      '/ai/training',
    );
    expect(areaHomePath(defaultAreaFor(mods('leads', 'wallet')))).toBe('/lead-search/new-search');
    expect(areaHomePath(defaultAreaFor(mods('admin')))).toBe('/admin/dashboard');
    expect(areaHomePath(defaultAreaFor([]))).toBe('/settings/business-profile');
    expect(areaHomePath(defaultAreaFor(mods('wallet')))).toBe('/settings/business-profile');
  });

  it('maps paths to their owning area, including the settings root paths', () => {
    expect(areaForPath('/manage-team')?.id).toBe('settings');
    expect(areaForPath('/profile-settings/api-key')?.id).toBe('settings');
    expect(areaForPath('/courses/12')?.id).toBe('settings');
    expect(areaForPath('/lead-search/saved-lists/people-3')?.id).toBe('lead-search');
    expect(areaForPath('/admin')?.id).toBe('admin');
    expect(areaForPath('/administrator')).toBeUndefined();
    expect(areaForPath('/nowhere')).toBeUndefined();
  });

  it('gates by module slug; no module means open', () => {
    expect(userHasModule(mods('leads'), 'leads')).toBe(true);
    expect(userHasModule(mods('leads'), 'admin')).toBe(false);
    expect(userHasModule(undefined, null)).toBe(true);
    expect(userHasModule(undefined, 'wallet')).toBe(false);
  });

  it('builds cross-area paths from the area definitions', () => {
    expect(paths.settings.integration()).toBe('/settings/integration/crm');
    expect(paths.leadSearch.savedList('people', 7)).toBe('/lead-search/saved-lists/people-7');
    expect(paths.leadSearch.newSearch(new URLSearchParams({ type: 'people' }))).toBe(
      '/lead-search/new-search?type=people',
    );
  });
});

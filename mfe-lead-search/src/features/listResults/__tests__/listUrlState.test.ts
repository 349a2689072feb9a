import { DEFAULT_LIST_FILTERS } from '@leadsmith/shared';
import { matchingFilters, readListState, writeListState } from '../listUrlState';
import { TOOLBAR } from '../listToolbar';

describe('list URL state', () => {
  it('reads the spec defaults from an empty URL and writes nothing back', () => {
    const { filters, view } = readListState(new URLSearchParams());
    expect(filters).toEqual({ ...DEFAULT_LIST_FILTERS, advanced_custom_search: [] });
    expect(view).toBe('list');
    expect(writeListState(filters, view).toString()).toBe('');
  });

  it('round-trips filters, dates, advanced rules and the view', () => {
    const filters = {
      ...readListState(new URLSearchParams()).filters,
      page: 3,
      withEmail: 2,
      sent: 1,
      search: 'acme',
      search_type: 'start' as const,
      startDate: '2026-01-01',
      endDate: '2026-02-01',
      advanced_custom_search: [
        { field: 'labels' as const, operator: 'like' as const, value: 'hot' },
        { field: 'email' as const, operator: 'is_verified' as const },
      ],
    };
    const params = writeListState(filters, 'grid');
    expect(readListState(new URLSearchParams(params.toString()))).toEqual({ filters, view: 'grid' });
    expect(matchingFilters(filters)).not.toHaveProperty('page');
  });

  it('reads the sent filter as all 0, sent 1 or unsent 2, anything else as the default', () => {
    expect(readListState(new URLSearchParams('sent=2')).filters.sent).toBe(2);
    expect(readListState(new URLSearchParams('sent=1')).filters.sent).toBe(1);
    expect(readListState(new URLSearchParams('sent=7')).filters.sent).toBe(DEFAULT_LIST_FILTERS.sent);
  });

  it('keeps the keyset position of a page in the URL, and never sends it with a bulk action or an export', () => {
    const filters = { ...readListState(new URLSearchParams()).filters, page: 40000, after: 799980 };
    const params = writeListState(filters, 'list');
    expect(params.toString()).toBe('page=40000&after=799980');
    expect(readListState(new URLSearchParams(params.toString())).filters).toEqual(filters);
    expect(readListState(new URLSearchParams('page=7&before=130')).filters).toMatchObject({ page: 7, before: 130 });
    // One position at a time; a malformed one is dropped (the page number alone is still a valid page).
    expect(readListState(new URLSearchParams('page=7&after=120&before=130')).filters).not.toHaveProperty('before');
    expect(readListState(new URLSearchParams('page=7&after=-3')).filters).not.toHaveProperty('after');
    const matching = matchingFilters({ ...filters, before: 5 });
    expect(matching).not.toHaveProperty('after');
    expect(matching).not.toHaveProperty('before');
  });

  it('drops malformed or unknown rules and dates instead of sending them', () => {
    const params = new URLSearchParams({
      adv: JSON.stringify([
        { field: 'password', operator: 'like', value: 'x' },
        { field: 'name', operator: 'drop table' },
        { field: 'name', operator: 'empty', value: 'ignored' },
      ]),
      startDate: 'yesterday',
    });
    const { filters } = readListState(params);
    expect(filters.advanced_custom_search).toEqual([{ field: 'name', operator: 'empty' }]);
    expect(filters.startDate).toBeNull();
    expect(readListState(new URLSearchParams({ adv: '{not json' })).filters.advanced_custom_search).toEqual([]);
  });
});

describe('toolbar per list type (spec §2)', () => {
  it('gives each type its own actions', () => {
    expect(TOOLBAR.domain).toEqual([
      'status',
      'moreFilters',
      'search',
      'getEmployees',
      'customLabels',
      'crm',
      'csv',
      'delete',
      'newSearch',
    ]);
    expect(TOOLBAR.people).toContain('getPhones');
    expect(TOOLBAR.local).toContain('getEmployees');
    expect(TOOLBAR.company).toEqual(TOOLBAR.local);
    expect(TOOLBAR.influencer).toContain('enrich');
    expect(TOOLBAR.influencer).not.toContain('getEmployees');
    expect(TOOLBAR.intent).toContain('settings');
    expect(TOOLBAR.intent).not.toContain('newSearch');
    expect(TOOLBAR.intent).not.toContain('manualEntry');
  });
});

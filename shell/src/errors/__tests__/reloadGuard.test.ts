import { reloadOnceFor } from '../reloadGuard';

describe('reload guard (spec §8: reload the target once, never loop)', () => {
  const assign = jest.fn();
  beforeEach(() => {
    sessionStorage.clear();
    assign.mockClear();
  });

  it('reloads a failing URL once, then refuses', () => {
    expect(reloadOnceFor('http://localhost/admin/users', assign)).toBe(true);
    expect(assign).toHaveBeenCalledWith('http://localhost/admin/users');
    expect(reloadOnceFor('http://localhost/admin/users', assign)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('allows a reload again once the minute has passed', () => {
    sessionStorage.setItem(
      'leadsmith:reload-guard',
      JSON.stringify({ url: 'http://localhost/a', at: Date.now() - 61_000 }),
    );
    expect(reloadOnceFor('http://localhost/a', assign)).toBe(true);
  });

  it('refuses a second automatic reload within a minute, even for another URL', () => {
    reloadOnceFor('http://localhost/a', assign);
    expect(reloadOnceFor('http://localhost/b', assign)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

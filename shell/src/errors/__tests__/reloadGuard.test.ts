import { clearReloadGuard, reloadOnceFor } from '../reloadGuard';

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

  it('allows a reload again once the page loaded fine', () => {
    reloadOnceFor('http://localhost/a', assign);
    clearReloadGuard();
    expect(reloadOnceFor('http://localhost/a', assign)).toBe(true);
  });

  it('treats a different URL as a new page', () => {
    reloadOnceFor('http://localhost/a', assign);
    expect(reloadOnceFor('http://localhost/b', assign)).toBe(true);
  });
});

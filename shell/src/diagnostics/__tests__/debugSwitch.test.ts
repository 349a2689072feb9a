import { debugRequested } from '../debugSwitch';

describe('debugRequested (?debug switch)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('turns on with ?debug and stays on for the tab without it', () => {
    expect(debugRequested('')).toBe(false);
    expect(debugRequested('?debug')).toBe(true);
    expect(debugRequested('?page=2')).toBe(true);
  });

  it('turns off with ?debug=0', () => {
    expect(debugRequested('?debug=1')).toBe(true);
    expect(debugRequested('?debug=0')).toBe(false);
    expect(debugRequested('')).toBe(false);
  });
});

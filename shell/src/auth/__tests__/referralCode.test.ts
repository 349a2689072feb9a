import { referralCode } from '../referralCode';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};

describe('referral code from a partner link (?ref=)', () => {
  it('takes a valid ?ref=, keeps it for the rest of the visit, drops a malformed one', () => {
    const storage = memory();
    expect(referralCode(new URLSearchParams(''), storage)).toBeUndefined();
    expect(referralCode(new URLSearchParams('ref=NORTHWIND'), storage)).toBe('NORTHWIND');
    // Later pages of the visit (login → register) have no ?ref= any more.
    expect(referralCode(new URLSearchParams(''), storage)).toBe('NORTHWIND');
    expect(referralCode(new URLSearchParams('ref=<script>'), storage)).toBe('NORTHWIND');
    expect(referralCode(new URLSearchParams('ref=GROWTH-10'), storage)).toBe('GROWTH-10');
  });
});

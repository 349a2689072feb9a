import { packageSchema } from '../api/savePackage';

const errorOf = async (value: unknown) => {
  try {
    await packageSchema.validateAt('credit_price', { credit_price: value });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('credit sale price (spec §5: more than 12 cents), entered in dollars per credit', () => {
  it('says the rule itself on the first wrong value, with the amount as money', async () => {
    expect(await errorOf(0.1)).toBe('Must be more than $0.12 per credit');
    expect(await errorOf(0.12)).toBe('Must be more than $0.12 per credit');
  });

  it('takes dollars with cents, and refuses fractions of a cent', async () => {
    expect(await errorOf(0.13)).toBeNull();
    expect(await errorOf(0.2)).toBeNull();
    expect(await errorOf(2)).toBeNull();
    expect(await errorOf(0.205)).toBe('Use whole cents (at most two decimals)');
    expect(await errorOf('')).toBe('This field is required');
  });
});

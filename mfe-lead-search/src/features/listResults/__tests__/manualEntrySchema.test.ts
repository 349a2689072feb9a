import { ValidationError } from 'yup';
import { manualSchema } from '../manualEntrySchema';

const errorsOf = (values: Record<string, string>) => {
  try {
    manualSchema('people').validateSync(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as ValidationError).inner.map((e) => [e.path, e.message]);
  }
};

describe('manual entry of a person (spec §5: LinkedIn URL, email or name)', () => {
  it('takes a name alone, an email alone or a LinkedIn URL alone', () => {
    expect(errorsOf({ name: 'Ada Lovelace' })).toEqual([]);
    expect(errorsOf({ email: 'ada@example.com' })).toEqual([]);
    expect(errorsOf({ linkedin_url: 'https://www.linkedin.com/in/ada' })).toEqual([]);
  });

  it('refuses none of the three with one message, on the LinkedIn URL field (never on the email field itself)', () => {
    expect(errorsOf({ company: 'Acme', position: 'CTO' })).toEqual([
      ['linkedin_url', 'Provide a LinkedIn URL, email or name'],
    ]);
  });

  it('still checks the form of what is given', () => {
    expect(errorsOf({ name: 'Ada', email: 'not-an-email' }).map(([path]) => path)).toEqual(['email']);
  });
});

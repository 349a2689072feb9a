import { Nullable, Page, Type } from '../src/http/contract';
import { undeclaredFields } from '../src/http/responseFieldCheck';

describe('undeclaredFields (the tests-only check that a response schema covers what its handler returns)', () => {
  const Item = Type.Object({
    id: Type.Integer(),
    name: Nullable(Type.String()),
    tags: Type.Array(Type.Object({ label: Type.String() })),
  });

  it('names a field the schema would drop, nested in arrays and pages', () => {
    const payload = {
      data: [{ id: 1, name: null, tags: [{ label: 'a', colour: 'red' }], email: 'x@example.com' }],
      currentPage: 1,
      pageSize: 20,
      total: 1,
    };
    expect(undeclaredFields(payload, Page(Item))).toEqual(['data[].tags[].colour', 'data[].email']);
  });

  it('accepts an answer the schema covers, undefined fields, dates and open records', () => {
    expect(undeclaredFields({ id: 1, name: 'n', tags: [], extra: undefined }, Item)).toEqual([]);
    expect(undeclaredFields({ at: new Date() }, Type.Object({ at: Type.String() }))).toEqual([]);
    expect(
      undeclaredFields(
        { remotes: { a: { v: 1 } } },
        Type.Object({ remotes: Type.Record(Type.String(), Type.Object({ v: Type.Integer() })) }),
      ),
    ).toEqual([]);
  });

  it('takes the union branch that fits', () => {
    const Either = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]);
    expect(undeclaredFields({ b: 'x' }, Either)).toEqual([]);
    expect(undeclaredFields({ b: 'x', c: 1 }, Either)).toEqual(['c']);
  });
});

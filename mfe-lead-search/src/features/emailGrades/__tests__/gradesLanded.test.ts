import { EMAIL_GRADES, gradesLanded, type EmailGrade } from '../api/emailGrades';

const counts = (graded: Partial<Record<EmailGrade, number>>) => ({
  counts: Object.fromEntries(EMAIL_GRADES.map((grade) => [grade, graded[grade] ?? 0])) as Record<EmailGrade, number>,
});

describe('grades landed between two polls of the summary', () => {
  it('sees an email graded again with another grade (counts move, the total stays)', () => {
    expect(gradesLanded(counts({ valid: 2 }), counts({ valid: 1, invalid: 1 }))).toBe(true);
  });

  it('sees grades for emails that were stored and graded between two polls (ungraded stayed 0)', () => {
    expect(gradesLanded(counts({}), counts({ unknown: 1 }))).toBe(true);
  });

  it('sees a batch of grades landing while others are still ungraded', () => {
    expect(gradesLanded(counts({ valid: 3 }), counts({ valid: 3, invalid: 2 }))).toBe(true);
  });

  it('sees graded emails leaving the list (rows deleted)', () => {
    expect(gradesLanded(counts({ valid: 3 }), counts({ valid: 1 }))).toBe(true);
  });

  it('asks for nothing when no grade changed, or before the first summary', () => {
    expect(gradesLanded(counts({ valid: 3 }), counts({ valid: 3 }))).toBe(false);
    expect(gradesLanded(undefined, counts({ valid: 3 }))).toBe(false);
    expect(gradesLanded(counts({ valid: 3 }), undefined)).toBe(false);
  });
});

import { leadSearchMessages } from '../src/i18n/catalogue/leadSearch';
import { LANGUAGES, t, type MessageCode } from '../src/i18n/messages';

describe('lead search messages', () => {
  it('have a text in every language with every placeholder filled', () => {
    const params = {
      count: 2,
      remaining: 1,
      cost: 3,
      type: 'domain',
      listType: 'local',
      searchType: 'people',
      found: 4,
      credits: 4,
      sent: 2,
      unsent: 1,
      name: 'VIP',
      total: 5,
      processed: 4,
      failed: 1,
      max: 50,
      title: 'Ice breaker',
      n: 3,
    };
    for (const code of Object.keys(leadSearchMessages) as MessageCode[]) {
      for (const lang of LANGUAGES) {
        const text = t(lang, code, params);
        expect([code, lang, text.trim().length > 0, /\{\w+\}|undefined/.test(text)]).toEqual([code, lang, true, false]);
      }
    }
  });
});

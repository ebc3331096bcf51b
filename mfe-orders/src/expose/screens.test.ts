import de from '../locales/de.json';
import en from '../locales/en.json';
import orders from './screens';

describe('orders language files', () => {
  it("loads a language's texts by URL, and English for a value that is no language", async () => {
    expect(await orders.loadMessages('de')).toEqual(de);
    expect(await orders.loadMessages('../../etc/passwd')).toEqual(en);
    expect(de).not.toEqual(en);
  });
});

import de from '../locales/de.json';
import en from '../locales/en.json';
import catalogue from './screens';

describe('catalogue language files', () => {
  it("loads a language's texts by URL, and English for a value that is no language", async () => {
    expect(await catalogue.loadMessages('de')).toEqual(de);
    expect(await catalogue.loadMessages('../../etc/passwd')).toEqual(en);
    expect(de).not.toEqual(en);
  });
});

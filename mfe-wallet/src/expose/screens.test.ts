import de from '../locales/de.json';
import en from '../locales/en.json';
import wallet from './screens';

describe('wallet language files', () => {
  it("loads a language's texts by URL, and English for a value that is no language", async () => {
    expect(await wallet.loadMessages('de')).toEqual(de);
    expect(await wallet.loadMessages('../../etc/passwd')).toEqual(en);
    expect(de).not.toEqual(en);
  });
});

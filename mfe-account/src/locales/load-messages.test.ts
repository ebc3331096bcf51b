import de from './de.json';
import en from './en.json';
import { loadAccountMessages } from './load-messages';

describe('account language files', () => {
  it("loads a language's texts by URL, and English for a value that is no language", async () => {
    expect(await loadAccountMessages('de')).toEqual(de);
    expect(await loadAccountMessages('../../etc/passwd')).toEqual(en);
    expect(de).not.toEqual(en);
  });
});

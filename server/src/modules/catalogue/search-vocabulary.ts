import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The catalogue's product nouns in the shopper's language (docs/requirements.md §4.2; the category names
 * are translated the same way, per language): `vocabulary/<lang>.json` maps each English noun of the seeded
 * titles (server/src/db/seed-catalogue.ts) to its name in that language. The documents are indexed in English,
 * so a keyword in the shopper's language is put into English at query time (no index changes), and the
 * English words the catalogue answers with (hot keywords, suggested titles) are put back.
 */

/** Lower-cased, without accents (as the database's search_norm: "Tastatür" is "tastatur"), spaces collapsed. */
const normalizeWord = (text: string) =>
  text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/[\s\-‐–—_.,;:!?'"()/]+/gu, ' ')
    .trim();

/** Scripts written without spaces between words: a noun is found inside the keyword, not as a word of it. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** The same tolerance as the catalogue's own corrections (search.repository.ts): none under 3 letters. */
const MIN_CORRECTED_LENGTH = 3;
const allowedEdits = (length: number) => (length < MIN_CORRECTED_LENGTH ? 0 : length <= 3 ? 1 : 2);

/** Edits between two words, two swapped neighbours counting as one slip (optimal string alignment). */
const editDistance = (a: string, b: string): number => {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i += 1) {
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
};

interface Entry {
  /** The English noun as the titles spell it ("Mechanical Keyboard"). */
  english: string;
  /** Its name in the language, as shown ("Mechanische Tastatur"). */
  name: string;
  /** The name normalised, and cut into words. */
  norm: string;
  words: string[];
}

const VOCABULARY_DIR = path.join(__dirname, 'vocabulary');

const loadVocabulary = (): Map<string, Entry[]> => {
  const byLanguage = new Map<string, Entry[]>();
  for (const file of readdirSync(VOCABULARY_DIR)) {
    if (!file.endsWith('.json')) continue;
    const nouns = JSON.parse(readFileSync(path.join(VOCABULARY_DIR, file), 'utf8')) as Record<string, string>;
    const entries = Object.entries(nouns).map(([english, name]) => {
      const norm = normalizeWord(name);
      return { english, name, norm, words: norm.split(' ') };
    });
    // Longest names first: "Mechanische Tastatur" before "Tastatur".
    entries.sort((a, b) => b.norm.length - a.norm.length);
    byLanguage.set(file.slice(0, -'.json'.length), entries);
  }
  return byLanguage;
};

export interface Vocabulary {
  /** The languages with a vocabulary file. */
  languages(): string[];
  /** The English nouns of every file, in its order (the same in every language). */
  nouns(lang: string): string[];
  /**
   * The keyword with its nouns in the shopper's language (as typed, or one or two letters off) put into
   * English, or null when it holds none (English, or no noun of the language). `known`: words the
   * catalogue itself has (brands, English nouns), never taken for a misspelt noun.
   */
  toEnglish(keyword: string, lang: string, known?: ReadonlySet<string>): string | null;
  /** An English phrase of the catalogue (a hot keyword, a title) with its noun in the shopper's language. */
  fromEnglish(text: string, lang: string): string;
  /** The nouns of the language that start with what is being typed (or are a slip of it), as shown. */
  startingWith(typed: string, lang: string, limit: number): string[];
}

export const createVocabulary = (byLanguage: Map<string, Entry[]> = loadVocabulary()): Vocabulary => {
  const entriesOf = (lang: string) => (lang === 'en' ? undefined : byLanguage.get(lang));
  const closest = (entries: Entry[], text: string, skip?: (entry: Entry) => boolean): Entry | undefined => {
    const edits = allowedEdits([...text].length);
    if (edits === 0) return undefined;
    let best: { entry: Entry; distance: number } | undefined;
    for (const entry of entries) {
      if (skip?.(entry) || Math.abs([...entry.norm].length - [...text].length) > edits) continue;
      const distance = editDistance(entry.norm, text);
      if (distance <= edits && (!best || distance < best.distance)) best = { entry, distance };
    }
    return best?.entry;
  };

  return {
    languages: () => [...byLanguage.keys()],
    nouns: (lang) => (byLanguage.get(lang) ?? []).map((entry) => entry.english),

    toEnglish(keyword, lang, known = new Set()) {
      const entries = entriesOf(lang);
      const norm = normalizeWord(keyword);
      if (!entries || !norm) return null;
      const english = (entry: Entry) => entry.english.toLowerCase();
      // The whole keyword is a noun, or a slip of one ("Tastatr", "Mechanische Tastatr").
      const whole = entries.find((entry) => entry.norm === norm) ?? closest(entries, norm, (e) => e.words.length === 1);
      if (whole) return english(whole);
      if (UNSPACED.test(norm)) {
        // 无线键盘: the nouns inside the keyword, longest first.
        let rest = norm;
        let found = false;
        for (const entry of entries) {
          if (entry.norm.length > 0 && rest.includes(entry.norm)) {
            rest = rest.split(entry.norm).join(` ${english(entry)} `);
            found = true;
          }
        }
        return found ? rest.replace(/\s+/g, ' ').trim() : null;
      }
      const tokens = norm.split(' ');
      const out: string[] = [];
      let found = false;
      for (let i = 0; i < tokens.length;) {
        // The longest noun of one or more words that starts here.
        const match = entries.find(
          (entry) => entry.words.length <= tokens.length - i && entry.words.every((word, k) => tokens[i + k] === word),
        );
        if (match) {
          out.push(english(match));
          i += match.words.length;
          found = true;
          continue;
        }
        const token = tokens[i]!;
        const slip =
          known.has(token) || /[0-9]/.test(token) ? undefined : closest(entries, token, (e) => e.words.length !== 1);
        if (slip) found = true;
        out.push(slip ? english(slip) : token);
        i += 1;
      }
      return found ? out.join(' ') : null;
    },

    fromEnglish(text, lang) {
      const entries = entriesOf(lang);
      if (!entries) return text;
      const lower = text.toLowerCase();
      // The longest English noun the text ends with ("… Mechanical Keyboard"), else the longest inside it.
      let best: Entry | undefined;
      let at = -1;
      for (const entry of entries) {
        const noun = entry.english.toLowerCase();
        const index = lower.lastIndexOf(noun);
        const whole =
          index >= 0 &&
          (index === 0 || !/\p{L}/u.test(lower[index - 1]!)) &&
          (index + noun.length === lower.length || !/\p{L}/u.test(lower[index + noun.length]!));
        if (whole && (!best || noun.length > best.english.length)) {
          best = entry;
          at = index;
        }
      }
      if (!best) return text;
      return `${text.slice(0, at)}${best.name}${text.slice(at + best.english.length)}`;
    },

    startingWith(typed, lang, limit) {
      const entries = entriesOf(lang);
      const norm = normalizeWord(typed);
      if (!entries || [...norm].length < (UNSPACED.test(norm) ? 1 : 2)) return [];
      const starting = entries.filter(
        (entry) => entry.norm.startsWith(norm) || entry.words.some((w) => w.startsWith(norm)),
      );
      const slip = starting.length === 0 ? closest(entries, norm) : undefined;
      const found = slip ? [slip] : starting;
      // Shorter names first (the noun before the phrases holding it), then alphabetically.
      return [
        ...new Set(
          found.sort((a, b) => a.norm.length - b.norm.length || a.norm.localeCompare(b.norm)).map((e) => e.name),
        ),
      ].slice(0, limit);
    },
  };
};

/** One vocabulary per process: 34 small files, read once. */
let shared: Vocabulary | undefined;
export const searchVocabulary = (): Vocabulary => (shared ??= createVocabulary());

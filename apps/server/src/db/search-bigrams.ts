import type Database from 'better-sqlite3';

/**
 * The text of the two-character search index (migration 020): every pair of neighbouring letters or digits of each
 * word, space-separated ("细胞结构" → "细胞 胞结 结构", "Energy" → "en ne er rg gy"). A trigram index cannot find a
 * query of two characters, the length of most Chinese words; this one finds them as tokens instead of a scan.
 */
export function searchBigrams(text: string): string {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const chars = [...word];
    for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  }
  return out.join(' ');
}

/** Whether a query is one such pair (then the two-character index answers it). */
export const isBigram = (query: string): boolean => /^[\p{L}\p{N}]{2}$/u.test(query) && [...query].length === 2;

/**
 * The SQL functions the database's triggers call (`search_bigrams`): registered on every connection that writes,
 * before the migrations run. A connection without them (the sqlite3 shell) can read but not change the indexed tables.
 */
export function registerSearchFunctions(db: Database.Database): void {
  db.function('search_bigrams', { deterministic: true }, (text: unknown) => searchBigrams(typeof text === 'string' ? text : ''));
}

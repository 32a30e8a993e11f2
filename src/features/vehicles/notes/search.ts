/** Case- and accent-insensitive "every word appears somewhere" search, as people expect of a search box. */
export function matchesSearch(term: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const words = fold(term).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(fields.filter(Boolean).join(' \n '));
  return words.every((w) => haystack.includes(w));
}

// Search folding, written once: the API's filters, the SQL twin of migration 0002's search_key triggers and the site.
const TURKISH_FOLD: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', i̇: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a' };

/** Lower case with Turkish letters as ASCII: the same folding as the search_key triggers of migration 0002. */
export function foldSearch(text: string): string {
  return text.toLocaleLowerCase('tr').replace(/i̇|[çğıöşüâ]/g, (ch) => TURKISH_FOLD[ch] ?? ch);
}

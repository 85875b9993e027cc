// The site's address as one line (behaviour.md#public-site 'Contact'): the settings keep the address and the city apart,
// and an address written out in full often already ends with its city ('…16285 Nilüfer/Bursa').
import { foldSearch } from '../../../contracts/search';

/**
 * The address, then ', city' unless the address already ends with that city as a word of its own (whatever the case,
 * Turkish letters folded, a closing full stop ignored): '…Nilüfer/Bursa' + 'Bursa' is '…Nilüfer/Bursa', never
 * '…Nilüfer/Bursa, Bursa'. Either alone is the line; neither is ''.
 */
export function addressLine(address: string | null | undefined, city: string | null | undefined): string {
  const street = address?.trim() ?? '';
  const town = city?.trim() ?? '';
  if (!street || !town) return street || town;
  const tail = foldSearch(street).replace(/[\s.,;]+$/, '');
  const name = foldSearch(town);
  const before = tail.charAt(tail.length - name.length - 1);
  return tail.endsWith(name) && !/[\p{L}\p{N}]/u.test(before) ? street : `${street}, ${town}`;
}

// The site's address line on /iletisim (behaviour.md#public-site 'Contact'): the city is added to the address unless the
// address already ends with it, whatever the case or the Turkish letters.
import { describe, expect, it } from 'vitest';
import { addressLine } from '../../site/src/lib/address';

describe('addressLine', () => {
  it.each([
    // The demo's settings: the address names Nilüfer/Bursa, the city is Bursa.
    [
      'Özlüce Mah. Ahmet Taner Kışlalı Cad. No: 24, 16285 Nilüfer/Bursa',
      'Bursa',
      'Özlüce Mah. Ahmet Taner Kışlalı Cad. No: 24, 16285 Nilüfer/Bursa',
    ],
    ['Kurtuluş Mah. No: 3, Gürsu/BURSA', 'Bursa', 'Kurtuluş Mah. No: 3, Gürsu/BURSA'],
    ['Atatürk Cad. No: 5, Kadıköy / İstanbul.', 'istanbul', 'Atatürk Cad. No: 5, Kadıköy / İstanbul.'],
    ['Cumhuriyet Mah. 12, Çankaya, ANKARA ', 'Ankara', 'Cumhuriyet Mah. 12, Çankaya, ANKARA'],
    ['İnönü Cad. 8 Izmir', 'İzmir', 'İnönü Cad. 8 Izmir'],
    // Not the city as a word of its own: the city is added.
    ['Atatürk Cad. No: 5', 'Bursa', 'Atatürk Cad. No: 5, Bursa'],
    ['Karabursa Sok. 4', 'Bursa', 'Karabursa Sok. 4, Bursa'],
    ['Bursa Cad. No: 7, Osmangazi', 'Bursa', 'Bursa Cad. No: 7, Osmangazi, Bursa'],
    // Either alone, or neither.
    ['Atatürk Cad. No: 5', null, 'Atatürk Cad. No: 5'],
    [null, 'Bursa', 'Bursa'],
    ['  ', ' ', ''],
    [null, null, ''],
  ])('%s + %s → %s', (address, city, line) => expect(addressLine(address, city)).toBe(line));
});

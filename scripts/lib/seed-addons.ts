// The demo pitches' paid add-ons (Saha Servisleri, contracts/addons.ts), by pitch key of seed-data.ts FACILITIES: two
// pitches offer them, so the booking form's 'Ek Hizmetler', the panel's list and Raporlar have something to show on a
// fresh `npm start`. Prices in TL; the seed stores kuruş as the panel does.
import type { AddonUnit } from '../../contracts/addons';

export interface AddonSeed {
  name: string;
  description: string;
  price: number;
  unit: AddonUnit;
  /** The add-on's stock for one hour (stock_per_slot); omitted: no limit. */
  stockPerSlot?: number;
}

export const ADDONS: Record<string, AddonSeed[]> = {
  nilufer: [
    { name: 'Hakem', description: 'Lisanslı hakem maçı yönetir.', price: 400, unit: 'booking' },
    { name: 'Forma kiralama', description: 'İki takım için numaralı forma takımı.', price: 150, unit: 'booking' },
    {
      name: 'Krampon kiralama',
      description: 'Numaranızı sahada söyleyin; 14 çift var.',
      price: 50,
      unit: 'person',
      stockPerSlot: 14,
    },
    { name: 'Su (6’lı)', description: '6 adet 0,5 L su, maç başında sahada.', price: 60, unit: 'booking' },
  ],
  gursu: [
    { name: 'Hakem', description: 'Lisanslı hakem maçı yönetir.', price: 450, unit: 'booking' },
    {
      name: 'Maç videosu',
      description: 'Maçın tamamı kaydedilir, bağlantısı maç sonrası gönderilir.',
      price: 300,
      unit: 'booking',
    },
    { name: 'Krampon kiralama', description: 'Numaranızı sahada söyleyin.', price: 60, unit: 'person' },
    { name: 'Mangal alanı', description: 'Maç sonrası mangal yeri, kömür dahil.', price: 250, unit: 'booking' },
  ],
};

// Saha Servisleri: paid add-ons a pitch offers with a booking (a referee, a match video, boot hire, bibs,
// refreshments). Staff keep each pitch's list; the public pitch answer lists the active ones. Money on the wire is TL
// (behaviour.md#time-money-and-identity). The panel validates with these schemas before it sends; the server validates again and is the authority.
import { z } from 'zod';
import { numeric, optionalText } from './common';
import './messages';

export const ADDONS_MAX = 20;
export const ADDON_NAME_MAX = 60;
export const ADDON_DESCRIPTION_MAX = 200;
/** TL: the pitch form's ceiling for an hour, far above any add-on. */
export const ADDON_PRICE_MAX = 100_000;
export const ADDON_STOCK_MAX = 100;

export type AddonUnit = 'booking' | 'person';
export const ADDON_UNITS: readonly AddonUnit[] = ['booking', 'person'];
export const ADDON_UNIT_LABELS: Record<AddonUnit, string> = { booking: 'rezervasyon başına', person: 'kişi başına' };

export const addonMsg = {
  nameRequired: 'Hizmet adı gereklidir',
  nameTooLong: `Hizmet adı en fazla ${ADDON_NAME_MAX} karakter olabilir`,
  descriptionTooLong: `Açıklama en fazla ${ADDON_DESCRIPTION_MAX} karakter olabilir`,
  price: "Ücret 0'dan büyük olmalıdır",
  priceTooHigh: 'Ücret en fazla 100.000 ₺ olabilir',
  unit: 'Ücret türü rezervasyon başına ya da kişi başına olmalıdır',
  stock: `Stok 1 ile ${ADDON_STOCK_MAX} arasında bir tam sayı olmalı ya da boş bırakılmalıdır`,
  duplicate: 'Bu sahada aynı adla bir hizmet zaten var',
  tooMany: `Bir saha için en fazla ${ADDONS_MAX} hizmet tanımlanabilir`,
  notFound: 'Hizmet bulunamadı',
  notOffered: 'Seçilen hizmet bu sahada sunulmuyor',
  quantity: 'Hizmet adedi 1 ile 50 arasında bir tam sayı olmalıdır',
  onePerBooking: 'Rezervasyon başına ücretlendirilen bir hizmetten yalnızca bir adet seçilebilir',
  stockExceeded: (name: string, stock: number) => `${name} için bu saatte en fazla ${stock} adet seçilebilir`,
  repeated: 'Aynı hizmet birden fazla kez seçilemez',
  created: 'Hizmet eklendi',
  updated: 'Hizmet güncellendi',
  deleted: 'Hizmet silindi',
} as const;

/** Quick starts of the list, each with the unit a pitch owner would expect. */
export const ADDON_PRESETS: ReadonlyArray<{ name: string; unit: AddonUnit; price: number; description: string }> = [
  { name: 'Hakem', unit: 'booking', price: 400, description: 'Lisanslı hakem maçı yönetir.' },
  {
    name: 'Maç videosu',
    unit: 'booking',
    price: 300,
    description: 'Maçın tamamı kaydedilir, bağlantısı maç sonrası gönderilir.',
  },
  { name: 'Krampon kiralama', unit: 'person', price: 50, description: 'Numaranızı sahada söyleyin.' },
  { name: 'Yelek / forma', unit: 'booking', price: 100, description: 'İki takım için numaralı yelek.' },
  { name: 'İkram', unit: 'person', price: 40, description: 'Maç sonrası çay ve su.' },
];

const money = numeric(
  z
    .number({ error: addonMsg.price })
    .refine((n) => n > 0, addonMsg.price)
    .refine((n) => n <= ADDON_PRICE_MAX, addonMsg.priceTooHigh),
);

export const addonInput = z.object({
  name: z
    .string({ error: addonMsg.nameRequired })
    .trim()
    .min(1, addonMsg.nameRequired)
    .max(ADDON_NAME_MAX, addonMsg.nameTooLong),
  description: optionalText(ADDON_DESCRIPTION_MAX, addonMsg.descriptionTooLong),
  price: money,
  unit: z.enum(['booking', 'person'], { error: addonMsg.unit }),
  isActive: z.boolean().optional().default(true),
  /** How many bookings of one slot may take it (say, two referees on duty); null: no limit. */
  stockPerSlot: numeric(
    z
      .number({ error: addonMsg.stock })
      .int(addonMsg.stock)
      .min(1, addonMsg.stock)
      .max(ADDON_STOCK_MAX, addonMsg.stock)
      .nullish(),
  ).transform((v) => v ?? null),
});
export type AddonInput = z.infer<typeof addonInput>;
export type AddonFormValues = z.input<typeof addonInput>;

export const addonOrderInput = z.object({ ids: z.array(numeric(z.number().int().positive())).max(ADDONS_MAX) });

/** An add-on as staff and visitors read it. */
export interface AddonWire {
  id: number;
  name: string;
  description: string | null;
  /** TL, per booking or per person (`unit`). */
  price: number;
  unit: AddonUnit;
  isActive: boolean;
  stockPerSlot: number | null;
}

/** Most of one add-on a booking may take (boots for two full teams and their substitutes). */
export const ADDON_QUANTITY_MAX = 50;

/** What a visitor picks on the booking form: which add-ons, and how many of a per-person one. The server prices them. */
export const bookingAddonsInput = z
  .array(
    z.object({
      id: numeric(z.number({ error: addonMsg.notOffered }).int(addonMsg.notOffered).positive(addonMsg.notOffered)),
      quantity: numeric(
        z
          .number({ error: addonMsg.quantity })
          .int(addonMsg.quantity)
          .min(1, addonMsg.quantity)
          .max(ADDON_QUANTITY_MAX, addonMsg.quantity)
          .optional()
          .default(1),
      ),
    }),
  )
  .max(ADDONS_MAX, addonMsg.tooMany)
  .refine((xs) => new Set(xs.map((x) => x.id)).size === xs.length, addonMsg.repeated)
  .optional()
  .default([]);

/** One add-on as a booking shows it (tracking, the panel, exports): TL, as it was sold. */
export interface BookingAddonWire {
  name: string;
  unit: AddonUnit;
  unitPrice: number;
  quantity: number;
  total: number;
}

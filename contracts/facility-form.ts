// What staff send to create or update a pitch (behaviour.md#entities Pitch, #validation Pitch form, #constants-and-limits; behaviour.md#content-staff-enter). The panel's form validates with
// this same schema before it sends; the server validates again and is the authority.
import { z } from 'zod';
import { hhmm, numeric, optionalText } from './common';
import './messages';
import { MATCH_LENGTH_CHOICES, MATCH_LENGTH_MAX } from './match-length';
import { PAYMENT_METHODS } from './payments';
import { slotLengthOf } from './slot-plan';
import type { WeekDay } from './wire/facility';

export const WEEK_DAYS: readonly WeekDay[] = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
];
export const WEEK_DAY_LABELS: Record<WeekDay, string> = {
  monday: 'Pazartesi',
  tuesday: 'Salı',
  wednesday: 'Çarşamba',
  thursday: 'Perşembe',
  friday: 'Cuma',
  saturday: 'Cumartesi',
  sunday: 'Pazar',
};

/** The predefined amenities of the form (behaviour.md#entities default list), each with its icon key. */
export const AMENITY_PRESETS = [
  { name: 'Otopark', icon: 'parking' },
  { name: 'Duş', icon: 'shower' },
  { name: 'Soyunma Odası', icon: 'locker' },
  { name: 'Kantin', icon: 'cafe' },
  { name: 'WiFi', icon: 'wifi' },
  { name: 'Güvenlik', icon: 'shield' },
  { name: 'Tribün', icon: 'stands' },
  { name: 'Gece Aydınlatma', icon: 'light' },
  { name: 'Kapalı Saha', icon: 'check' },
  { name: 'Sentetik Çim', icon: 'turf' },
  { name: 'Doğal Çim', icon: 'grass' },
] as const;

/** Icons a custom amenity may carry: keys the pages draw, never free markup. */
export const AMENITY_ICONS = [
  'parking',
  'shower',
  'locker',
  'cafe',
  'wifi',
  'shield',
  'stands',
  'light',
  'turf',
  'grass',
  'ball',
  'star',
  'check',
] as const;
export type AmenityIcon = (typeof AMENITY_ICONS)[number];

/** Images per pitch and bytes per image (behaviour.md#constants-and-limits). */
export const MAX_IMAGES = 5;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * The largest picture a visitor's browser is asked to decode, read from the file's header: a side of at most 10,000 px
 * and at most 40 megapixels (4 bytes each once decoded: 160 MB). A phone's 12–24 MP photo fits with room to spare; a
 * small file claiming 30000×30000 (a decompression bomb) does not.
 */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
/**
 * Smaller copies the panel makes of each new photo in the browser (WebP, these widths, only below the photo's own),
 * sent as `files.variants` named '<photo index>-<width>.webp'; public pages offer them through srcset.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

/** The form's starting values (behaviour.md#constants-and-limits): 150 ₺ an hour, no deposit, 60 minutes to approve, 09:00–23:00 every day. */
export const FACILITY_DEFAULTS = {
  hourlyPrice: 150,
  depositAmount: 0,
  autoApprovalTimeout: 60,
  priority: 0,
  isActive: true,
  bookingTimeType: 'hourly',
  startTimeOffset: 'full_hour',
  halfHourStarts: true,
  depositPerHour: false,
  dayStart: '09:00',
  dayEnd: '23:00',
} as const;

export const facilityMsg = {
  nameRequired: 'Saha adı gereklidir',
  nameTooLong: 'Saha adı en fazla 120 karakter olabilir',
  hourlyPrice: "Saat ücreti 0'dan büyük olmalıdır",
  hourlyPriceTooHigh: 'Saat ücreti en fazla 100.000 ₺ olabilir',
  depositNegative: 'Depozito tutarı negatif olamaz',
  depositTooHigh: 'Depozito tutarı saat ücretinden büyük olamaz',
  email: 'Geçerli bir e-posta adresi giriniz',
  phones: 'Geçerli telefon numaraları giriniz',
  iban: 'Geçerli bir IBAN numarası giriniz',
  formInvalid: 'Lütfen form hatalarını düzeltin',
  autoApproval: 'Otomatik iptal süresi 15 ile 1440 dakika arasında olmalıdır',
  priority: 'Öncelik 0 ile 100 arasında olmalıdır',
  transportPrice: 'Servis ücreti negatif olamaz',
  vehicleCapacity: 'Araç kapasitesi 0 veya daha büyük bir tam sayı olmalıdır',
  pickupPointsRequired: 'Servis hizmeti için en az bir alış noktası ekleyin',
  pickupNameRequired: 'Alış noktası adı gereklidir',
  minutesBefore: 'Alış süresi 0 ile 240 dakika arasında olmalıdır',
  amenityNameRequired: 'İmkan adı gereklidir',
  amenityDuplicate: 'Aynı imkan birden fazla kez eklenemez',
  mapsUrl: 'Harita konumu için Google Haritalar bağlantısı veya yerleştirme kodu giriniz',
  hoursInvalid: 'Açılış ve kapanış saatleri SS:DD biçiminde olmalıdır',
  openingInvalid: 'Açılış saati SS:DD biçiminde olmalı (00:00–23:59)',
  closingInvalid: 'Kapanış saati SS:DD biçiminde olmalı (00:00–24:00)',
  imageTooLarge: "Görsel boyutu 5MB'dan küçük olmalıdır",
  imageType: 'Yalnızca JPEG, PNG, WebP veya AVIF görseller yüklenebilir',
  imageDimensions:
    'Görselin çözünürlüğü çok yüksek: her kenarı en fazla 10.000 piksel, toplamı en fazla 40 megapiksel olabilir',
  variantInvalid: 'Görselin küçültülmüş kopyası geçersiz',
  tooManyImages: (existing: number) =>
    `En fazla ${MAX_IMAGES} görsel yüklenebilir. Mevcut ${existing} görsel var, en fazla ${Math.max(0, MAX_IMAGES - existing)} görsel daha ekleyebilirsiniz.`,
  activeBookings: (n: number) =>
    `Bu sahada ${n} aktif randevu bulunuyor. Silmek için önce randevuları iptal edin ya da sahayı pasif yapın.`,
  created: 'Saha başarıyla oluşturuldu!',
  updated: 'Saha başarıyla güncellendi!',
  deleted: 'Saha silindi',
  forceCancelReason: 'Saha silindiği için randevu iptal edildi',
  matchLengthsRequired: 'En az bir maç süresi seçin',
  matchLengthInvalid: 'Maç süresi 30 ile 180 dakika arasında, 30 dakikanın katı olmalıdır',
  matchLengthNotFitting: 'Saatlik sahada maç süreleri 60 dakikanın katı olmalıdır (60, 120 veya 180 dk)',
} as const;

/** Trimmed; empty becomes null (behaviour.md#entities, behaviour.md#content-staff-enter). */
const text = optionalText;

// Optional plus, then at least 10 of digits, spaces, dashes or parentheses (behaviour.md#validation), with at least 10 digits in it.
const PHONE = /^\+?[\d\s\-()]{10,}$/;
const phoneOk = (p: string) => PHONE.test(p) && p.replace(/\D/g, '').length >= 10 && p.replace(/\D/g, '').length <= 15;
// Two letters, two digits, four alphanumerics, seven digits, up to 16 more alphanumerics (behaviour.md#validation), spaces ignored.
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{4}\d{7}[A-Z0-9]{0,16}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A Google Maps URL from what was pasted: a link, or an embed snippet whose iframe src is taken (behaviour.md#content-staff-enter). Only https URLs
 * on Google's map hosts survive; anything else is null, and the caller refuses it. Never returns markup.
 */
export function googleMapsUrl(input: string): string | null {
  const trimmed = input.trim();
  const src = /<iframe\b[^>]*\bsrc\s*=\s*(["'])(.*?)\1/i.exec(trimmed)?.[2] ?? trimmed;
  const candidate = src.replace(/&amp;/g, '&').trim();
  if (/[\s<>"'`]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const mapsHost =
    host === 'maps.app.goo.gl' ||
    host === 'goo.gl' ||
    host === 'maps.google.com' ||
    /^(www\.)?google\.(com|com\.tr)$/.test(host);
  if (!mapsHost) return null;
  if (host === 'goo.gl' && !url.pathname.startsWith('/maps')) return null;
  if (
    (host === 'www.google.com' || /^google\./.test(host) || host === 'www.google.com.tr') &&
    !url.pathname.startsWith('/maps')
  )
    return null;
  return url.toString();
}

/**
 * A working day's clock time, HH:MM (seconds, if sent, are dropped). A closing time may be 24:00: the midnight that ends
 * the day, stored as 00:00, which every reader of working hours takes as that midnight (an end at or before the start
 * runs past midnight). Anything else that is not a time is refused with the field's own message.
 */
const clockTime = (message: string, midnightEnd: boolean) =>
  z
    .string({ error: message })
    .regex(
      midnightEnd ? /^(([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?|24:00(:00)?)$/ : /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/,
      message,
    )
    .transform((s) => (s.startsWith('24:') ? '00:00' : s.slice(0, 5)));

/** The form's day: open 09:00–23:00 (docs/behaviour.md#constants-and-limits). */
const DEFAULT_DAY = { isOpen: true, start: FACILITY_DEFAULTS.dayStart, end: FACILITY_DEFAULTS.dayEnd };

/** A day, or a part of one, left out is the form's default day. */
const workingDay = z
  .object({
    isOpen: z.boolean().default(DEFAULT_DAY.isOpen),
    start: clockTime(facilityMsg.openingInvalid, false).default(DEFAULT_DAY.start),
    end: clockTime(facilityMsg.closingInvalid, true).default(DEFAULT_DAY.end),
  })
  .default(() => ({ ...DEFAULT_DAY }));

const pickupPoint = z.object({
  // 'pickup-<timestamp>' as the panel creates them (behaviour.md#entities); the server assigns one when missing.
  id: z
    .string()
    .regex(/^pickup-\d{1,16}$/)
    .nullish(),
  name: z.string({ error: facilityMsg.pickupNameRequired }).trim().min(1, facilityMsg.pickupNameRequired).max(120),
  address: text(300),
  description: text(500),
  time: hhmm.nullish(),
  minutesBefore: numeric(
    z
      .number()
      .int(facilityMsg.minutesBefore)
      .min(0, facilityMsg.minutesBefore)
      .max(240, facilityMsg.minutesBefore)
      .nullish(),
  ),
});

const amenity = z.object({
  name: z.string({ error: facilityMsg.amenityNameRequired }).trim().min(1, facilityMsg.amenityNameRequired).max(60),
  available: z.boolean().default(true),
  icon: z.enum(AMENITY_ICONS).nullish(),
});

const money = (message: string, max: number, tooHigh: string) =>
  numeric(z.number({ error: message }).max(max, tooHigh));

/**
 * The pitch as staff enter it. Field names are the wire names (behaviour.md#entities); money in TL. Create and update take the same
 * shape; update also takes `imagesToDelete` (ids of the pitch's own images).
 */
export const facilityInput = z
  .object({
    name: z
      .string({ error: facilityMsg.nameRequired })
      .trim()
      .min(1, facilityMsg.nameRequired)
      .max(120, facilityMsg.nameTooLong),
    description: text(5000, 'Açıklama en fazla 5000 karakter olabilir'),
    address: text(500, 'Adres en fazla 500 karakter olabilir'),
    latitude: numeric(z.number().min(-90).max(90).nullish()),
    longitude: numeric(z.number().min(-180).max(180).nullish()),
    hourlyPrice: money(facilityMsg.hourlyPrice, 100_000, facilityMsg.hourlyPriceTooHigh)
      .refine((n) => n > 0, facilityMsg.hourlyPrice)
      .default(FACILITY_DEFAULTS.hourlyPrice),
    depositAmount: money(facilityMsg.depositNegative, 100_000, facilityMsg.depositTooHigh)
      .refine((n) => n >= 0, facilityMsg.depositNegative)
      .default(FACILITY_DEFAULTS.depositAmount),
    depositIban: text(64)
      .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() : null))
      .refine((v) => v === null || IBAN.test(v), facilityMsg.iban),
    bankName: text(120, 'Banka adı en fazla 120 karakter olabilir'),
    recipientName: text(120, 'Alıcı adı en fazla 120 karakter olabilir'),
    // Blank entries are dropped (behaviour.md#entities); each filled one must look like a phone.
    phoneNumbers: z
      .array(z.string().max(40, facilityMsg.phones))
      .max(10, 'En fazla 10 telefon numarası eklenebilir')
      .default([])
      .transform((list) => list.map((p) => p.trim()).filter(Boolean))
      .refine((list) => list.every(phoneOk), facilityMsg.phones),
    email: text(254, facilityMsg.email).refine((v) => v === null || EMAIL.test(v), facilityMsg.email),
    googleMapsLocation: text(4000, facilityMsg.mapsUrl).transform((v, ctx) => {
      if (v === null) return null;
      const url = googleMapsUrl(v);
      if (url === null) ctx.addIssue({ code: 'custom', message: facilityMsg.mapsUrl });
      return url;
    }),
    // Left out: every day the form's default day (so is a day left out of it).
    workingHours: z
      .object(Object.fromEntries(WEEK_DAYS.map((d) => [d, workingDay])) as Record<WeekDay, typeof workingDay>)
      .default(
        () => Object.fromEntries(WEEK_DAYS.map((d) => [d, { ...DEFAULT_DAY }])) as Record<WeekDay, typeof DEFAULT_DAY>,
      ),
    bookingTimeType: z.enum(['hourly', 'half-hourly']).default(FACILITY_DEFAULTS.bookingTimeType),
    startTimeOffset: z.enum(['full_hour', 'half_hour']).default(FACILITY_DEFAULTS.startTimeOffset),
    /**
     * Match length (docs/behaviour.md#match-length): the lengths offered, minutes. Left out: a new pitch offers one slot's
     * length, an edited one keeps its own. A length that is not a whole number of the pitch's slots is refused, never dropped: a
     * pitch switched to hourly with 90 dk offered is told to choose again.
     */
    matchLengths: z
      .array(
        numeric(
          z
            .number({ error: facilityMsg.matchLengthInvalid })
            .int(facilityMsg.matchLengthInvalid)
            .min(30, facilityMsg.matchLengthInvalid)
            .max(MATCH_LENGTH_MAX, facilityMsg.matchLengthInvalid)
            .refine((n) => n % 30 === 0, facilityMsg.matchLengthInvalid),
        ),
      )
      .max(MATCH_LENGTH_CHOICES.length, facilityMsg.matchLengthInvalid)
      .min(1, facilityMsg.matchLengthsRequired)
      .transform((list) => [...new Set(list)].sort((a, b) => a - b))
      .optional(),
    halfHourStarts: z.boolean().default(FACILITY_DEFAULTS.halfHourStarts),
    depositPerHour: z.boolean().default(FACILITY_DEFAULTS.depositPerHour),
    autoApprovalTimeout: numeric(
      z
        .number({ error: facilityMsg.autoApproval })
        .int(facilityMsg.autoApproval)
        .min(15, facilityMsg.autoApproval)
        .max(1440, facilityMsg.autoApproval)
        // Left out: a new pitch takes the default an admin set on /yonetim/ayarlar, an edited one keeps its own.
        .optional(),
    ),
    priority: numeric(
      z
        .number({ error: facilityMsg.priority })
        .int(facilityMsg.priority)
        .min(0, facilityMsg.priority)
        .max(100, facilityMsg.priority)
        .default(FACILITY_DEFAULTS.priority),
    ),
    seoTitle: text(120, 'SEO başlığı en fazla 120 karakter olabilir'),
    seoDescription: text(320, 'SEO açıklaması en fazla 320 karakter olabilir'),
    seoKeywords: text(300, 'SEO anahtar kelimeleri en fazla 300 karakter olabilir'),
    isActive: z.boolean().default(FACILITY_DEFAULTS.isActive),
    facilities: z
      .array(amenity)
      .max(40, 'En fazla 40 imkan eklenebilir')
      .default([])
      .refine(
        (list) => new Set(list.map((a) => a.name.toLocaleLowerCase('tr-TR'))).size === list.length,
        facilityMsg.amenityDuplicate,
      ),
    transportationService: z
      .object({
        isActive: z.boolean().default(false),
        price: numeric(
          z.number({ error: facilityMsg.transportPrice }).min(0, facilityMsg.transportPrice).max(10_000).default(0),
        ),
        description: text(500, 'Servis açıklaması en fazla 500 karakter olabilir'),
        vehicleInfo: z
          .object({
            type: text(60, 'Araç tipi en fazla 60 karakter olabilir'),
            capacity: numeric(
              z
                .number({ error: facilityMsg.vehicleCapacity })
                .int(facilityMsg.vehicleCapacity)
                .min(0, facilityMsg.vehicleCapacity)
                .max(1000, facilityMsg.vehicleCapacity)
                .nullish(),
            ),
          })
          .default({ type: null, capacity: null }),
        pickupPoints: z.array(pickupPoint).max(20, 'En fazla 20 alış noktası eklenebilir').default([]),
      })
      .default({
        isActive: false,
        price: 0,
        description: null,
        vehicleInfo: { type: null, capacity: null },
        pickupPoints: [],
      })
      .refine((t) => !t.isActive || t.pickupPoints.length > 0, {
        message: facilityMsg.pickupPointsRequired,
        path: ['pickupPoints'],
      }),
    imagesToDelete: z
      .array(numeric(z.number().int().positive()))
      .max(MAX_IMAGES * 4)
      .default([]),
  })
  .refine((f) => f.depositAmount <= f.hourlyPrice, { message: facilityMsg.depositTooHigh, path: ['depositAmount'] })
  .refine(
    (f) => f.matchLengths === undefined || f.matchLengths.every((m) => m % slotLengthOf(f.bookingTimeType) === 0),
    {
      message: facilityMsg.matchLengthNotFitting,
      path: ['matchLengths'],
    },
  );

export type FacilityInput = z.infer<typeof facilityInput>;
export type FacilityFormValues = z.input<typeof facilityInput>;

export const toggleStatusSchema = z.object({
  isActive: z.boolean({ error: 'Saha durumu aktif ya da pasif olarak belirtilmeli' }),
});
export const deleteFacilityQuery = z.object({
  force: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * With `force`: what becomes of the money collected on the bookings it cancels: refunded (by `method`, Havale/EFT
   * when left out) or kept, for all of them. Left out, each waits for staff's decision (behaviour.md#bookings 'Payments').
   */
  deposit: z.enum(['refund', 'keep'], { error: 'Kapora için iade ya da tutma seçin' }).optional(),
  method: z.enum(PAYMENT_METHODS, { error: 'Ödeme yöntemini seçin' }).optional(),
});

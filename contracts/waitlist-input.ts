// The waitlist's input (POST /api/waitlist; docs/behaviour.md#waitlist) and its refusals. Loaded with the form, never on
// a public page's first load (zod).
import { z } from 'zod';
import { customerNameSchema } from './bookings';
import { MATCH_LENGTH_MAX } from './match-length';
import { phoneSchema } from './phone';
import { pushSubscriptionSchema } from './push';
import { WAITLIST_PER_PHONE, WAITLIST_PER_SLOT } from './waitlist';

export const waitlistMsg = {
  slotFree: 'Bu saat şu anda boş: bekleme listesine gerek yok, hemen rezervasyon yapabilirsiniz.',
  windowFree: 'Bu saatlerde boş saha var: bekleme listesine gerek yok, hemen rezervasyon yapabilirsiniz.',
  windowEmpty: 'Bu saatlerde bekleme listesine eklenebilecek bir saha yok.',
  past: 'Başlamış ya da geçmiş bir saat için bekleme listesine eklenilemez.',
  slotFull: `Bu saatin bekleme listesi dolu (en fazla ${WAITLIST_PER_SLOT} kişi).`,
  phoneFull: `Bu telefonla en fazla ${WAITLIST_PER_PHONE} bekleme kaydı açık olabilir.`,
  already: 'Bu telefon bu saat için zaten bekleme listesinde.',
  targetRequired: 'Bir saat ya da bir gün ve saat aralığı seçin.',
  notFound: 'Bekleme kaydı bulunamadı.',
  held: 'Bu saat, bekleme listesindeki bir oyuncuya ayrıldı. Lütfen başka bir saat seçin.',
  claimInvalid: 'Bu ayırma bağlantısı geçersiz, kullanılmış ya da süresi dolmuş.',
  claimLength: 'Ayrılan saat bu süreyle rezerve edilemez: bağlantıdaki süreyi seçin.',
  lengthInvalid: 'Geçerli bir maç süresi seçin.',
} as const;

const ref = z.union([z.string().trim().min(1).max(64), z.number().int().positive()]).transform(String);

export const joinWaitlistSchema = z
  .object({
    customerName: customerNameSchema,
    customerPhone: phoneSchema,
    duration: z
      .number({ error: waitlistMsg.lengthInvalid })
      .int(waitlistMsg.lengthInvalid)
      .min(30, waitlistMsg.lengthInvalid)
      .max(MATCH_LENGTH_MAX, waitlistMsg.lengthInvalid)
      .optional(),
    push: pushSubscriptionSchema.optional(),
    facility: ref.optional(),
    bookingSlot: ref.optional(),
    gun: z.string().max(10).optional(),
    saat: z.string().max(20).optional(),
    ilce: z.string().trim().max(60).optional(),
    servis: z.boolean().optional(),
    kapali: z.boolean().optional(),
    aydinlatma: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    const slot = Boolean(b.facility && b.bookingSlot);
    const window = Boolean(b.gun && b.saat);
    if (slot === window) ctx.addIssue({ code: 'custom', path: ['bookingSlot'], message: waitlistMsg.targetRequired });
  });
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** The holder's key in the address (GET/DELETE /api/waitlist/:key). */
export const waitlistKeySchema = z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, waitlistMsg.notFound) });

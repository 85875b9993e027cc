// The Ayarlar screen's booking rules: what an admin may set, the limits behaviour.md#slots, #bookings, #staff-sessions-and-permissions put on them, and
// the Turkish messages of both settings forms. The server checks every one of them; the form shows the same texts.
import { z } from 'zod';
import { numeric } from './common';
import { whatsappHref } from './phone-links';
import './messages';
import { WAITLIST_CLAIM_MAX, WAITLIST_CLAIM_MIN, WAITLIST_CLAIM_MINUTES } from './waitlist';

export const settingsMsg = {
  holdTimeout: 'Varsayılan onay bekleme süresi 15 ile 1440 dakika arasında olmalı',
  cancelWindow: 'İptal süresi 0 ile 168 saat arasında olmalı',
  horizon: 'Takvim ufku 7 ile 93 gün arasında olmalı',
  bookingPerIp: 'Adres başına rezervasyon denemesi en az 100 olmalı (10 dakikada)',
  lookupPerIp: 'Adres başına sorgulama en az 300 olmalı (10 dakikada)',
  loginPerIp: 'Adres başına giriş denemesi 10 ile 100000 arasında olmalı',
  perTarget: 'Bu sınır 1 ile 1000 arasında olmalı',
  perIpMax: 'Adres başına sınır en fazla 100000 olabilir',
  socialInvalid: 'Geçerli bir bağlantı (https://…) ya da @kullanıcıadı giriniz',
  whatsappInvalid: 'Geçerli bir WhatsApp numarası ya da wa.me bağlantısı giriniz',
  maintenance: 'Sistem bakımda. Rezervasyon şu an alınamıyor; lütfen biraz sonra tekrar deneyin.',
  kvkkTooLong: 'KVKK metni en fazla 50000 karakter olabilir',
  messageTooLong: 'Bakım mesajı en fazla 500 karakter olabilir',
  depositKeep: 'Kapora tutma süresi 0 ile 168 saat arasında olmalı',
  reminderHours: 'Hatırlatma süresi 0 ile 48 saat arasında olmalı',
  waitlistClaimMinutes: `Bekleme listesi süresi ${WAITLIST_CLAIM_MIN} ile ${WAITLIST_CLAIM_MAX} dakika arasında olmalı`,
} as const;

export { cancelRuleText, cancelTooLate } from './cancel-window';

/** The values the code used before these rules were settable; migration 0012 seeds them, so a deployment keeps its behaviour. */
export const BOOKING_RULE_DEFAULTS = {
  holdTimeoutMinutes: 60,
  cancelWindowHours: 24,
  slotHorizonDays: 30,
  sameDayRule: true,
  bookingPerIp: 150,
  bookingPerPhone: 10,
  lookupPerIp: 600,
  lookupPerTarget: 30,
  loginPerIp: 100,
  loginPerIdentifier: 10,
  depositKeepHours: 24,
  reminderHours: 3,
  waitlistClaimMinutes: WAITLIST_CLAIM_MINUTES,
} as const;

const whole = (min: number, max: number, message: string, maxMessage = message) =>
  numeric(z.number({ error: message }).int(message).min(min, message).max(max, maxMessage));

const PER_IP_MAX = 100_000;

/**
 * The loose limits (per address) have floors (behaviour.md#staff-sessions-and-permissions: at least 100 booking attempts and 300 look-ups per address in 10
 * minutes) so a whole office or a carrier's shared address is never locked out; the tight ones (per phone, number or
 * spelling) are what stops guessing.
 */
export const bookingRulesSchema = z.object({
  holdTimeoutMinutes: whole(15, 1440, settingsMsg.holdTimeout),
  cancelWindowHours: whole(0, 168, settingsMsg.cancelWindow),
  slotHorizonDays: whole(7, 93, settingsMsg.horizon),
  sameDayRule: z.boolean({ error: 'Aynı gün kuralı açık ya da kapalı olmalı' }),
  bookingPerIp: whole(100, PER_IP_MAX, settingsMsg.bookingPerIp, settingsMsg.perIpMax),
  bookingPerPhone: whole(1, 1000, settingsMsg.perTarget),
  lookupPerIp: whole(300, PER_IP_MAX, settingsMsg.lookupPerIp, settingsMsg.perIpMax),
  lookupPerTarget: whole(1, 1000, settingsMsg.perTarget),
  loginPerIp: whole(10, PER_IP_MAX, settingsMsg.loginPerIp),
  loginPerIdentifier: whole(1, 1000, settingsMsg.perTarget),
  /**
   * A received deposit is kept by default when the booking is cancelled less than this many hours before the start (or
   * is a no-show), refunded by default otherwise; staff still decide each case. Left out, the stored value stays.
   */
  depositKeepHours: whole(0, 168, settingsMsg.depositKeep).optional(),
  /** The push reminder goes this many hours before an approved booking's start; 0 turns it off. Left out, the stored value stays. */
  reminderHours: whole(0, 48, settingsMsg.reminderHours).optional(),
  /** How long a freed slot is held for the first waiting player (docs/behaviour.md#waitlist). Left out, the stored value stays. */
  waitlistClaimMinutes: whole(WAITLIST_CLAIM_MIN, WAITLIST_CLAIM_MAX, settingsMsg.waitlistClaimMinutes).optional(),
});
export type BookingRulesInput = z.infer<typeof bookingRulesSchema>;

/** An Instagram/Facebook/X/YouTube link: an https address, or a handle ('@yesilsaha') the page turns into one. */
export const SOCIAL_HOSTS = {
  instagram: 'https://www.instagram.com/',
  facebook: 'https://www.facebook.com/',
  x: 'https://x.com/',
  youtube: 'https://www.youtube.com/@',
} as const;
export type SocialKey = keyof typeof SOCIAL_HOSTS | 'whatsapp';

const HANDLE = /^@?[A-Za-z0-9._-]{1,60}$/;

function httpsUrl(v: string): string | null {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname.includes('.') ? u.href : null;
  } catch {
    return null;
  }
}

/** A stored social value as a link: an https address as is, a handle on the network's own address. */
export function socialHref(key: SocialKey, value: string): string {
  if (/^https:\/\//i.test(value)) return value;
  if (key === 'whatsapp') return whatsappHref(value);
  return `${SOCIAL_HOSTS[key]}${value.replace(/^@/, '')}`;
}

/** Empty → null; an https address or a handle; anything else (javascript:, http:, spaces) is refused. */
export const socialLink = () =>
  z
    .string()
    .max(300, settingsMsg.socialInvalid)
    .nullish()
    .transform((v, ctx) => {
      const t = v?.trim();
      if (!t) return null;
      if (HANDLE.test(t)) return t.startsWith('@') ? t : `@${t}`;
      const url = httpsUrl(t);
      if (url === null) ctx.addIssue({ code: 'custom', message: settingsMsg.socialInvalid });
      return url;
    });

/** WhatsApp: a phone number (0532 123 45 67, +90 532 …) or a https://wa.me/… link. */
export const whatsappLink = () =>
  z
    .string()
    .max(300, settingsMsg.whatsappInvalid)
    .nullish()
    .transform((v, ctx) => {
      const t = v?.trim();
      if (!t) return null;
      if (/^\+?[\d\s\-()]{10,20}$/.test(t)) return t;
      const url = httpsUrl(t);
      if (url === null || !/^https:\/\/(wa\.me|api\.whatsapp\.com|chat\.whatsapp\.com)\//.test(url)) {
        ctx.addIssue({ code: 'custom', message: settingsMsg.whatsappInvalid });
        return null;
      }
      return url;
    });

// The subscriber's calendar feed (docs/behaviour.md#subscriptions): a secret, revocable address staff hand to the
// subscriber; calendar apps poll it. No zod here: the panel's island imports the texts.

/** The live feed of a subscription, as staff see it to copy and send again. */
export interface CalendarFeedWire {
  /** The https address calendar apps subscribe to (ends in .ics). */
  url: string;
  /** The same address for 'webcal:', which opens the phone's calendar app directly. */
  webcalUrl: string;
  createdAt: string;
}

/** How far back a feed lists a subscription's bookings; every later one is listed. */
export const FEED_PAST_DAYS = 30;
/** How often a calendar app is asked to poll a feed, and how long an answer may be kept (minutes). */
export const FEED_REFRESH_MINUTES = 60;

export const calendarMsg = {
  subscriptionNotFound: 'Abonelik bulunamadı',
  feedNotFound: 'Takvim bağlantısı bulunamadı veya iptal edilmiş',
  feedName: (facility: string) => `Halı saha: ${facility}`,
  summary: (facility: string) => `Halı saha: ${facility}`,
  alarm: (facility: string) => `Maç 2 saat sonra: ${facility}`,
  number: (n: string) => `Rezervasyon no: ${n}`,
  status: (label: string) => `Durum: ${label}`,
  depositDue: (tl: string) => `Onay için kapora: ${tl} (havale/EFT açıklamasına rezervasyon numarasını yazın)`,
  balanceDue: (tl: string) => `Kalan ödeme: ${tl} (sahada ödenir)`,
  paid: 'Ödeme tamamlandı',
  map: (url: string) => `Harita: ${url}`,
  tracking: (url: string) => `Görüntüle veya iptal et: ${url}`,
  created: 'Takvim bağlantısı oluşturuldu',
  renewed: 'Yeni takvim bağlantısı oluşturuldu; eskisi artık çalışmıyor',
  revoked: 'Takvim bağlantısı iptal edildi',
  failed: 'Takvim bağlantısı işlemi yapılamadı',
  copied: 'Bağlantı kopyalandı',
} as const;

// The waitlist, 'Boşalınca haber ver' (docs/behaviour.md#waitlist): a player asks to be told when a taken slot (or any
// slot in a 'Boş saat bul' window) frees. When it frees, the first waiting player gets it held for a claim window; a
// push and a secret link open the booking form with the slot reserved for them; unclaimed, it passes to the next.
// Written once for the worker (which decides) and the site (which shows). No zod here: the pitch page imports the texts;
// the input schema is in contracts/waitlist-input.ts, loaded with the form.

/** At most this many players wait for one slot (or one pitch's start in a window): a long queue promises nothing. */
export const WAITLIST_PER_SLOT = 10;
/** At most this many entries one phone keeps waiting or offered at once. */
export const WAITLIST_PER_PHONE = 3;
/** The claim window's default and bounds, minutes (Ayarlar → 'Bekleme listesi süresi'). */
export const WAITLIST_CLAIM_MINUTES = 15;
export const WAITLIST_CLAIM_MIN = 5;
export const WAITLIST_CLAIM_MAX = 120;

/**
 * waiting: in the queue. offered: the freed slot is held for this player until `offerExpiresAt`. claimed: they booked it
 * (single use). passed: the hold ran out unclaimed (the slot went to the next). left: the player (or staff) took it off.
 * ended: the wanted start passed, or its pitch or slot is gone, before a hold came.
 */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'claimed', 'passed', 'left', 'ended'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
export const WAITLIST_LIVE: readonly WaitlistStatus[] = ['waiting', 'offered'];

export const waitlistStatusLabel: Record<WaitlistStatus, string> = {
  waiting: 'Sırada',
  offered: 'Sıra sizde',
  claimed: 'Rezervasyon yapıldı',
  passed: 'Süre doldu',
  left: 'Listeden çıkıldı',
  ended: 'Sona erdi',
};

/**
 * What an entry waits for. A slot entry: one pitch, one start, a length. A window entry (from 'Boş saat bul' with
 * nothing free): one day and a start range at the pitches the search listed, any of them; a length when the search
 * named one.
 */
export interface WaitlistTargetWire {
  kind: 'slot' | 'window';
  /** Business day (YYYY-MM-DD) and the start, or the first and last start of the window (HH:MM). */
  date: string;
  from: string;
  to: string;
  /** Minutes; null = the pitch's shortest length. */
  duration: number | null;
  /** The pitch of a slot entry; the pitches of a window entry (slug and name only). */
  facilities: Array<{ slug: string; name: string }>;
}

/** An entry as its holder sees it (GET /api/waitlist/:key): no name, no phone, never anyone else's. */
export interface WaitlistEntryWire {
  key: string;
  status: WaitlistStatus;
  /** 1 = next in line; null unless waiting. */
  position: number | null;
  target: WaitlistTargetWire;
  /** While offered: the held slot, until when (ISO), and the address of the booking form with it reserved. */
  offer: {
    facility: { slug: string; name: string };
    date: string;
    startTime: string;
    endTime: string;
    expiresAt: string;
    /** `/saha/<slug>#gun=…&slot=…&sure=…&hak=<claim>`: the claim secret rides in the fragment, never sent in a request line. */
    claimUrl: string;
  } | null;
  /** The claim window now set in Ayarlar, minutes: what 'Sıraya eklendiniz' tells the player to expect. */
  claimMinutes: number;
  createdAt: string;
}

/** One entry as staff see it in a slot's queue (panel): who, their phone, where they stand. */
export interface WaitlistQueueEntryWire {
  documentId: string;
  customerName: string;
  customerPhone: string;
  status: WaitlistStatus;
  position: number | null;
  kind: 'slot' | 'window';
  duration: number | null;
  offerExpiresAt: string | null;
  /** While offered: the claim address, for staff to send by WhatsApp (the player's own link). */
  claimUrl: string | null;
  createdAt: string;
}

/** The key of the fragment that carries a claim secret on the pitch page. */
export const CLAIM_HASH_KEY = 'hak';

export const waitlistTexts = {
  join: 'Boşalınca haber ver',
  joinWindow: 'Bu saatlerde bir saha boşalınca haber ver',
  joined: (position: number) => `Sıraya eklendiniz. Sıranız: ${position}.`,
  explain: (minutes: number) =>
    `Saat boşalırsa sıradaki ilk kişiye ${minutes} dakika ayrılır; bildirim ve bağlantıyla rezervasyonu tamamlarsınız. Süre dolarsa sıra bir sonrakine geçer.`,
  offered: (until: string) => `Sıra sizde! Bu saat sizin için ayrıldı; rezervasyonu ${until} saatine kadar tamamlayın.`,
  leave: 'Listeden çık',
  held: 'Bekleme listesindeki bir oyuncuya ayrıldı',
} as const;

/**
 * What a waiting player's devices read when the slot they wait for or hold is taken away (closed, removed by a new
 * schedule, its pitch retired). Only the worker sends these: a separate export, so no page's script carries them.
 */
export const waitlistPushTexts = {
  endedTitle: 'Beklediğiniz saat artık yok',
  ended: 'Bu saat kapatıldı ya da kaldırıldı; bekleme listesi kaydınız sona erdi.',
  rewaitTitle: 'Ayrılan saat artık yok',
  rewait: 'Bu saat kapatıldı ya da kaldırıldı; diğer sahalar ve saatler için sıranız sürüyor.',
} as const;

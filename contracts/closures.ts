// Closures, 'Kapat' (docs/behaviour.md#closures): staff close one or more pitches for a window of days and hours
// (weather, repairs, a tournament). The slots read 'closed' with the public note and nobody can book them. Before
// confirming, staff see every booking the window hits and decide for each: cancel (the deposit refunded or kept, as the
// front desk's payment rows record it) or move it to a free slot of any pitch (the customer keeps the booking number).
// A closure can be lifted: its slots reopen; bookings it cancelled stay cancelled.
// Written once for the worker (which decides) and the site (which shows). No zod here: the public calendar imports the
// labels; the input schemas are in contracts/closure-input.ts.

export const CLOSURE_REASONS = ['weather', 'maintenance', 'tournament', 'event', 'other'] as const;
export type ClosureReason = (typeof CLOSURE_REASONS)[number];

export const closureReasonLabel: Record<ClosureReason, string> = {
  weather: 'Hava durumu',
  maintenance: 'Bakım',
  tournament: 'Turnuva',
  event: 'Özel etkinlik',
  other: 'Diğer',
};

/** The public note's length at most (shown on the pitch page and in the player's messages). */
export const CLOSURE_NOTE_MAX = 200;
/** A closure spans at most this many business days: a longer break is a pitch taken out of service. */
export const CLOSURE_MAX_DAYS = 92;

/**
 * The window a closure covers, as staff enter it. Days are business days (YYYY-MM-DD, `from` ≤ `to`). `startTime` and
 * `endTime` are null for whole days; otherwise the slots whose start lies in [startTime, endTime) in the business
 * day's order (an overnight pitch's 00:00 and 01:00 come after its 23:00, so '20:00'–'02:00' is a valid window).
 */
export interface ClosureWindowWire {
  facilities: Array<{ documentId: string; slug: string; name: string }>;
  from: string;
  to: string;
  startTime: string | null;
  endTime: string | null;
}

/** One booking the window hits, as staff see it before confirming (and in the result). */
export interface ClosureHitWire {
  /** The booking's documentId (decisions name it). */
  booking: string;
  bookingNumber: string;
  customerName: string;
  customerPhone: string;
  facility: { documentId: string; slug: string; name: string };
  /** Business date and the range ('20:00', '22:00'), and the real start instant (ISO) for the calendar date shown. */
  date: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  /** Minutes. */
  duration: number;
  status: 'pending' | 'approved';
  isSubscription: boolean;
  /** Kuruş: the deposit the booking asks for, and what has been collected on it so far (payment rows, net). */
  depositKurus: number;
  collectedKurus: number;
  /** The deposit rule of Ayarlar applied to a cancel now (suggestDeposit): what the panel preselects. */
  suggestedDeposit: 'refund' | 'keep';
}

/**
 * Staff's choice for one hit. cancel: the booking ends 'cancelled' with the closure's reason; with money collected,
 * `deposit` says refund (with `method`) or keep (kept as the customer's credit: a 'kept' payment row whose note says so).
 * move: to `toSlot` (a free slot's documentId, any active pitch, the same length fitting from there); one atomic change
 * under both pitches' locks; the booking keeps its number, status, payments and history.
 */
export type ClosureDecisionWire =
  | { booking: string; action: 'cancel'; deposit?: 'refund' | 'keep'; method?: string | null }
  | { booking: string; action: 'move'; toSlot: string };

/** A closure as the panel lists it. */
export interface ClosureWire {
  documentId: string;
  window: ClosureWindowWire;
  reason: ClosureReason;
  note: string;
  /** Slots it holds closed now (future and past), and what it did to bookings when confirmed. */
  slotCount: number;
  cancelledCount: number;
  movedCount: number;
  createdBy: string;
  createdAt: string;
  liftedBy: string | null;
  liftedAt: string | null;
}

/**
 * POST /api/closures/preview answer: what the window would close now. `hits` are the live bookings in it, in time order;
 * `slotCount` the existing slots it covers (free or not); `waitlisted` how many waitlist entries it would end.
 */
export interface ClosurePreviewWire {
  window: ClosureWindowWire;
  slotCount: number;
  hits: ClosureHitWire[];
  waitlisted: number;
}

/** What happened to one hit when the closure was confirmed, with the player's prepared WhatsApp message. */
export interface ClosureOutcomeWire {
  hit: ClosureHitWire;
  action: 'cancel' | 'move';
  /** For a move: where it went. */
  movedTo: {
    facility: { slug: string; name: string };
    date: string;
    startTime: string;
    endTime: string;
    startsAt: string;
  } | null;
  /** wa.me click-to-chat address with the prepared Turkish message (no booking number in it), or null without a phone. */
  whatsappUrl: string | null;
}

/** POST /api/closures answer (201). */
export interface ClosureCreatedWire {
  closure: ClosureWire;
  outcomes: ClosureOutcomeWire[];
}

/** A free start staff can move a hit to (GET /api/closures/alternatives). */
export interface ClosureAlternativeWire {
  slot: string;
  facility: { documentId: string; slug: string; name: string };
  date: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  /** Kuruş: the price of the covered slots there (the booking keeps its own price and deposit). */
  priceKurus: number;
}

/** A closed slot as the public calendar shows it: the category label and the public note, nothing else. */
export interface SlotClosureWire {
  reason: ClosureReason;
  note: string;
}

export const closureTexts = {
  closed: 'Kapalı',
  slotLabel: (reason: ClosureReason, note: string) =>
    note ? `Kapalı: ${closureReasonLabel[reason]} · ${note}` : `Kapalı: ${closureReasonLabel[reason]}`,
} as const;

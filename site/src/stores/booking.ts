import type { InferResponseType } from 'hono/client';
import { atom, map } from 'nanostores';
import { createBookingSchema } from '../../../contracts/bookings';
import { bookingNumberSchema, firstName } from '../../../contracts/common';
import { normalisePhone, phoneTypingDigits } from '../../../contracts/phone';
import { msg } from '../../../contracts/messages';
import type { BookingWire } from '../../../worker/src/services/bookings';
import type { FacilityWire } from '../../../worker/src/services/facilities';
import type { SlotWire } from '../../../worker/src/services/slots';
import { ApiRequestError, client, unwrap } from '../lib/api';
import { errorText, messageOf } from '../lib/errors';
import { addDays, istanbulToday } from '../lib/format';
import { toast } from './toast';
import { POLL_MS, watchPitchLive, type LiveState } from '../lib/pitch-live';

// ---------------------------------------------------------------- the pitch, as the booking flow needs it

/** `minutesBefore`: the shuttle leaves that long before the match; the shown time is derived from the chosen hour. */
export interface PickupPoint { id: string; name: string; address: string | null; description: string | null; time: string | null; minutesBefore?: number | null }
export interface BookingFacility {
  slug: string;
  documentId: string;
  name: string;
  address: string | null;
  hourlyPrice: number;
  depositAmount: number;
  autoApprovalTimeout: number;
  mapsUrl: string | null;
  amenities: string[];
  transport: { price: number; description: string | null; vehicle: string | null; pickupPoints: PickupPoint[] } | null;
}

export function toBookingFacility(f: FacilityWire, mapsUrl: string | null): BookingFacility {
  const t = f.transportationService;
  const vehicle = [t.vehicleInfo.type, t.vehicleInfo.capacity ? `${t.vehicleInfo.capacity} kişilik` : null].filter(Boolean).join(', ');
  return {
    slug: f.slug,
    documentId: f.documentId,
    name: f.name,
    address: f.address,
    hourlyPrice: f.hourlyPrice,
    depositAmount: f.depositAmount,
    autoApprovalTimeout: f.autoApprovalTimeout,
    mapsUrl,
    amenities: f.facilities.filter((a) => a.available).map((a) => a.name),
    transport: t.isActive ? { price: t.price, description: t.description, vehicle: vehicle || null, pickupPoints: t.pickupPoints } : null,
  };
}

export type Slot = SlotWire;

export type Booking = BookingWire;

// ---------------------------------------------------------------- texts (01 §8)

// Status labels are the tracking page's (01 §4), written once there.
export { statusLabel } from '../lib/tracking';
export const CREATE_FALLBACK = msg.createFailed;
export const CANCEL_FALLBACK = msg.cancelFailed;
export const CANCEL_SUCCESS = msg.cancelSuccess;
export const SLOTS_FAILED = msg.slotsFailed;

// ---------------------------------------------------------------- calendar: views and ranges

export type CalendarView = 'daily' | 'weekly' | 'monthly' | 'custom';
export interface DateRange { from: string; to: string }
export const MAX_RANGE_DAYS = 31;

const utc = (date: string) => new Date(date + 'T00:00:00Z');
export const weekdayIndex = (date: string) => utc(date).getUTCDay();
export const daysBetween = (from: string, to: string) => Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);

/** Weeks start on Sunday (01 §2). */
export const weekStart = (date: string) => addDays(date, -weekdayIndex(date));
export const monthStart = (date: string) => date.slice(0, 8) + '01';
export function addMonths(date: string, months: number): string {
  const d = utc(monthStart(date));
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}
export const monthEnd = (date: string) => addDays(addMonths(date, 1), -1);

export function datesOf({ from, to }: DateRange): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export interface CalendarState {
  view: CalendarView;
  /** The day the daily, weekly and monthly views are built around. */
  anchor: string;
  customFrom: string;
  customTo: string;
  /** The day whose slots the monthly view lists under its grid. */
  monthDay: string | null;
}

export function rangeOf(c: CalendarState): DateRange {
  switch (c.view) {
    case 'daily':
      return { from: c.anchor, to: c.anchor };
    case 'weekly': {
      const from = weekStart(c.anchor);
      return { from, to: addDays(from, 6) };
    }
    case 'monthly':
      return { from: monthStart(c.anchor), to: monthEnd(c.anchor) };
    case 'custom':
      return { from: c.customFrom, to: c.customTo };
  }
}

/** Why a custom range cannot be shown, or null. A week or a calendar month always fits one request. */
export function rangeProblem(c: CalendarState): string | null {
  if (c.view !== 'custom') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(c.customFrom) || !/^\d{4}-\d{2}-\d{2}$/.test(c.customTo)) return msg.dateInvalid;
  if (c.customFrom > c.customTo) return msg.rangeReversed;
  if (daysBetween(c.customFrom, c.customTo) >= MAX_RANGE_DAYS) return msg.rangeTooLong;
  return null;
}

function initialCalendar(today = istanbulToday()): CalendarState {
  return { view: 'weekly', anchor: today, customFrom: today, customTo: addDays(today, 7), monthDay: today };
}

export const $calendar = map<CalendarState>(initialCalendar());

export function setView(view: CalendarView) {
  const c = $calendar.get();
  if (c.view === view) return;
  $calendar.set({ ...c, view, monthDay: view === 'monthly' ? defaultMonthDay(c.anchor) : c.monthDay });
  void loadSlots();
}

function defaultMonthDay(anchor: string): string {
  const today = istanbulToday();
  return monthStart(anchor) === monthStart(today) ? today : monthStart(anchor);
}

/** Previous/next day, week or month; the custom range has no previous/next (01 §2). */
export function step(direction: -1 | 1) {
  const c = $calendar.get();
  if (c.view === 'custom' || (direction === 1 && !canStepForward(c))) return;
  const anchor =
    c.view === 'daily' ? addDays(c.anchor, direction) : c.view === 'weekly' ? addDays(weekStart(c.anchor), 7 * direction) : addMonths(c.anchor, direction);
  $calendar.set({ ...c, anchor, monthDay: c.view === 'monthly' ? defaultMonthDay(anchor) : c.monthDay });
  void loadSlots();
}

/** No going back past the range that holds today: those days hold only past slots. */
export function canStepBack(c: CalendarState, today = istanbulToday()): boolean {
  return c.view !== 'custom' && rangeOf(c).from > today;
}

/**
 * No going forward past the generated horizon: the days after it are not open for booking yet ('Henüz açılmadı').
 * Unknown until the first answer arrives.
 */
export function canStepForward(c: CalendarState, horizon: string | null = $horizon.get()): boolean {
  return c.view !== 'custom' && (horizon === null || rangeOf(c).to < horizon);
}

export function goToday() {
  const today = istanbulToday();
  $calendar.set({ ...$calendar.get(), anchor: today, monthDay: today });
  void loadSlots();
}

export function setCustomRange(from: string, to: string) {
  $calendar.set({ ...$calendar.get(), customFrom: from, customTo: to });
  void loadSlots();
}

export function setMonthDay(date: string) {
  $calendar.setKey('monthDay', date);
}

// ---------------------------------------------------------------- slots: one request per visible range, live updates

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export const $slots = atom<Record<string, Slot[]>>({});
export const $slotsStatus = atom<LoadStatus>('idle');
export const $loadedRange = atom<DateRange | null>(null);
export const $facility = atom<BookingFacility | null>(null);
/** The last date the pitch's slots are generated for (the slots answer's `bookableUntil`); later days are not open yet. */
export const $horizon = atom<string | null>(null);

// The endpoint answers a single day or a range; both carry `slots`.
type SlotsAnswer = InferResponseType<(typeof client.api.facilities)[':ref']['slots']['$get']>;

let loadSeq = 0;

function groupByDate(slots: Slot[], range: DateRange): Record<string, Slot[]> {
  const out: Record<string, Slot[]> = {};
  for (const d of datesOf(range)) out[d] = [];
  // The API orders by real start, so an overnight pitch's 00:00–05:00 already follow 23:00.
  for (const s of slots) (out[s.date] ??= []).push(s);
  return out;
}

/** Fetches the visible range in one request; a newer call wins over an older one still in flight. */
export async function loadSlots(opts: { silent?: boolean } = {}): Promise<void> {
  const f = $facility.get();
  const c = $calendar.get();
  if (!f || rangeProblem(c)) return;
  const range = rangeOf(c);
  const mine = ++loadSeq;
  const loaded = $loadedRange.get();
  const sameRange = loaded?.from === range.from && loaded?.to === range.to;
  if (!(opts.silent && sameRange && $slotsStatus.get() === 'ready')) $slotsStatus.set('loading');
  try {
    const data = await unwrap<SlotsAnswer>(client.api.facilities[':ref'].slots.$get({ param: { ref: f.slug }, query: { from: range.from, to: range.to } }));
    if (mine !== loadSeq) return;
    $slots.set(groupByDate(data.slots, range));
    $horizon.set(data.bookableUntil ?? null);
    $loadedRange.set(range);
    $slotsStatus.set('ready');
    const selected = $selected.get();
    if (selected && $step.get() === 1) {
      const fresh = data.slots.find((s) => s.documentId === selected.documentId);
      if (fresh && fresh.state !== 'available') $selected.set(null);
    }
  } catch {
    if (mine !== loadSeq) return;
    if (opts.silent && sameRange && $slotsStatus.get() === 'ready') return;
    $slotsStatus.set('error');
  }
}

/** A {type:'slot'} event: the slot changes in place; one we do not hold inside the visible range means a refetch. */
export function applySlotUpdate(slot: Slot) {
  const range = $loadedRange.get();
  if (!range || slot.date < range.from || slot.date > range.to) return;
  const day = $slots.get()[slot.date] ?? [];
  const i = day.findIndex((s) => s.documentId === slot.documentId);
  if (i === -1) {
    void loadSlots({ silent: true });
    return;
  }
  const next = day.slice();
  next[i] = slot;
  $slots.set({ ...$slots.get(), [slot.date]: next });
  const selected = $selected.get();
  if (selected?.documentId === slot.documentId && slot.state !== 'available' && $step.get() === 1) $selected.set(null);
}

/**
 * The slot just booked here is taken at once in our own copy, so 'Yeni Rezervasyon' never shows it free while the
 * refetch (or the live event) is still on its way.
 */
function markTaken(slot: Slot, booking: Booking) {
  const isSubscriber = Boolean(booking.isSubscriber);
  const status = booking.status as NonNullable<Slot['booking']>['status'];
  applySlotUpdate({
    ...slot,
    isAvailable: false,
    isPending: status === 'pending',
    state: status === 'pending' ? 'pending' : isSubscriber ? 'subscriber' : 'booked',
    booking: { customerName: firstName(booking.customerName), status, isSubscriber },
  });
}

export type { LiveState };
export { POLL_MS };
export const $live = atom<LiveState>('off');

/**
 * Watches the pitch's live channel while the calendar is on screen (a slot taken elsewhere turns 'Beklemede' here);
 * a closed socket means a refetch and polling until it is back. Returns the function that stops it all.
 */
export function watchLive(): () => void {
  const f = $facility.get();
  if (!f) return () => {};
  return watchPitchLive(f.slug, {
    onState: (state) => $live.set(state),
    onEvent: (event) => {
      if (event.type === 'slot' && event.slot && (!event.facility || event.facility === f.documentId)) applySlotUpdate(event.slot);
      else if (event.type === 'slots-regenerated') void loadSlots({ silent: true });
    },
    resync: () => void loadSlots({ silent: true }),
  });
}

// ---------------------------------------------------------------- the flow: steps, form, confirmation

export type Step = 1 | 2 | 3;
export const $step = atom<Step>(1);
export const $selected = atom<Slot | null>(null);
export const $confirmation = atom<Booking | null>(null);

export interface Draft {
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  notes: string;
  includesTransportation: boolean;
  pickupPointId: string | null;
}
const emptyDraft: Draft = { customerName: '', customerPhone: '', customerEmail: '', notes: '', includesTransportation: false, pickupPointId: null };
export const $draft = map<Draft>({ ...emptyDraft });

export type DraftField = 'customerName' | 'customerPhone' | 'customerEmail' | 'notes' | 'pickupPointId';
const FORM_FIELDS: DraftField[] = ['customerName', 'customerPhone', 'customerEmail', 'notes'];
export type FieldErrors = Partial<Record<DraftField, string>>;
export const $errors = atom<FieldErrors>({});
export const $submitting = atom(false);

/** Editing a field clears its error (01 §5). */
export function editDraft<K extends keyof Draft>(key: K, value: Draft[K]) {
  $draft.setKey(key, value as never);
  const errors = $errors.get();
  const field = key === 'includesTransportation' ? 'pickupPointId' : key;
  if (field in errors) {
    const { [field as DraftField]: _, ...rest } = errors;
    $errors.set(rest);
  }
}

export function selectSlot(slot: Slot) {
  if (slot.state !== 'available') return;
  $selected.set(slot);
  $step.set(2);
}

export function backToSlots() {
  $errors.set({});
  $step.set(1);
}

export function newBooking() {
  $confirmation.set(null);
  $selected.set(null);
  $draft.set({ ...$draft.get(), notes: '', includesTransportation: false, pickupPointId: null });
  $step.set(1);
}

/** The rules of 01 §5, taken from the same schema the API validates with; the pickup point rule needs the pitch. */
export function validateDraft(d: Draft, f: BookingFacility): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = createBookingSchema.safeParse({
    facility: f.documentId,
    bookingSlot: 'slot',
    customerName: d.customerName,
    customerPhone: d.customerPhone,
    customerEmail: d.customerEmail,
    notes: d.notes,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as DraftField;
      if (key in errors || !FORM_FIELDS.includes(key)) continue;
      errors[key] = issue.message;
    }
  }
  if (d.includesTransportation && f.transport && f.transport.pickupPoints.length > 0 && !d.pickupPointId) errors.pickupPointId = msg.pickupPointRequired;
  return errors;
}

export const totalPrice = (slot: Slot | null, f: BookingFacility, d: Pick<Draft, 'includesTransportation'>) =>
  (slot?.price ?? f.hourlyPrice) + (d.includesTransportation && f.transport ? f.transport.price : 0);

/** The real instant a slot starts: an overnight pitch's early-morning slots sit after 23:00 on the same business date. */
export function slotStartsAt(slot: Slot, day: Slot[] = $slots.get()[slot.date] ?? []): number {
  const i = day.findIndex((s) => s.documentId === slot.documentId);
  const overnight = i > 0 && day.slice(0, i).some((s) => s.startTime > slot.startTime);
  return Date.parse(`${slot.date}T${slot.startTime}:00+03:00`) + (overnight ? 86_400_000 : 0);
}

export const isPastSlot = (slot: Slot, now = Date.now()) => slot.isPast || slotStartsAt(slot) <= now;

/**
 * What the 409 says of the booking already held that day (00 §3, issue 7 §1): masked number and 'Barış A.' only, so
 * whoever typed the phone learns nothing that cancels it. Cancelling asks for the full number.
 */
export interface DuplicateWarning {
  message: string;
  existing: { bookingNumberMasked: string; customerName?: string; facility?: string; date?: string; time?: string; endTime?: string; status?: string };
}
export const $duplicate = atom<DuplicateWarning | null>(null);

function backToSlotsWith(message: string) {
  toast('error', message);
  $selected.set(null);
  backToSlots();
}

export type SubmitOutcome = 'created' | 'invalid' | 'past' | 'duplicate' | 'failed';

function serverFieldErrors(list: unknown): FieldErrors {
  const out: FieldErrors = {};
  if (!Array.isArray(list)) return out;
  for (const item of list as { path?: unknown[]; message?: unknown }[]) {
    const key = (item?.path?.[0] === 'transportationDetails' ? 'pickupPointId' : item?.path?.[0]) as DraftField;
    if ((FORM_FIELDS.includes(key) || key === 'pickupPointId') && typeof item.message === 'string' && !(key in out)) out[key] = item.message;
  }
  return out;
}

export async function submitBooking(): Promise<SubmitOutcome> {
  const f = $facility.get();
  const slot = $selected.get();
  if (!f || !slot || $submitting.get()) return 'failed';
  const d = $draft.get();
  const errors = validateDraft(d, f);
  $errors.set(errors);
  if (Object.keys(errors).length > 0) return 'invalid';
  if (isPastSlot(slot)) {
    backToSlotsWith(msg.pastSlot);
    return 'past';
  }
  const pickup = d.includesTransportation ? f.transport?.pickupPoints.find((p) => p.id === d.pickupPointId) ?? null : null;
  $submitting.set(true);
  try {
    const booking = await unwrap(
      client.api.bookings.$post({
        json: {
          facility: f.documentId,
          bookingSlot: slot.documentId,
          customerName: d.customerName,
          customerPhone: d.customerPhone,
          customerEmail: d.customerEmail || null,
          notes: d.notes || null,
          includesTransportation: Boolean(d.includesTransportation && f.transport),
          transportationDetails: pickup ? { pickupPointId: pickup.id, pickupPointName: pickup.name, pickupPointAddress: pickup.address } : null,
          clientTimestamp: new Date().toISOString(),
          clientTimezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      }),
    );
    if (!booking?.bookingNumber) throw new Error(msg.bookingNumberMissing);
    $confirmation.set(booking);
    markTaken(slot, booking);
    $step.set(3);
    return 'created';
  } catch (e) {
    if (e instanceof ApiRequestError) {
      const existing = e.details.existingBooking as DuplicateWarning['existing'] | undefined;
      if (e.status === 409 && existing) {
        $duplicate.set({ message: e.body?.error?.message || msg.sameDayBooking, existing });
        return 'duplicate';
      }
      // A field the server refused is marked on that field with the server's own Turkish message, not in a toast.
      const fieldErrors = e.status === 400 ? serverFieldErrors(e.details.errors) : {};
      if (Object.keys(fieldErrors).length > 0) {
        $errors.set(fieldErrors);
        return 'invalid';
      }
      const text = errorText(e.body, undefined, CREATE_FALLBACK);
      if (text === msg.pastSlot || (e.status === 409 && e.details.slot)) {
        backToSlotsWith(text);
        return 'past';
      }
      toast('error', text);
    } else if (e instanceof Error && e.message === msg.bookingNumberMissing) {
      toast('error', e.message);
    } else {
      toast('error', messageOf(e, CREATE_FALLBACK));
    }
    return 'failed';
  } finally {
    $submitting.set(false);
  }
}

export const $cancelling = atom(false);
/** Shown inside the modal: while it is open everything outside it, the toasts included, is hidden from screen readers. */
export const $cancelError = atom<string | null>(null);
/** The full booking number the owner types to cancel from the warning, and whether the 'Evet, iptal et' step is showing. */
export const $cancelNumber = atom('');
export const $cancelConfirming = atom(false);

export function closeDuplicate() {
  $duplicate.set(null);
  $cancelError.set(null);
  $cancelNumber.set('');
  $cancelConfirming.set(false);
}

export function editCancelNumber(value: string) {
  $cancelNumber.set(value.toUpperCase().replace(/\s/g, '').slice(0, 12));
  $cancelError.set(null);
}

/** First step: the typed number must at least look like one before the confirmation is asked. */
export function askCancelConfirmation(): boolean {
  const parsed = bookingNumberSchema.safeParse($cancelNumber.get());
  if (!parsed.success) {
    $cancelError.set(parsed.error.issues[0]?.message ?? msg.bookingNumberInvalid);
    return false;
  }
  $cancelError.set(null);
  $cancelConfirming.set(true);
  return true;
}

export function stepBackFromConfirmation() {
  $cancelConfirming.set(false);
}

/**
 * Cancels the booking the warning points at (01 §2, §8): by the full number the owner typed, together with the phone of
 * the form, so the server checks that the number is that phone's booking and counts each try against the phone.
 */
export async function cancelExistingBooking(): Promise<boolean> {
  const dup = $duplicate.get();
  if (!dup || $cancelling.get()) return false;
  const parsed = bookingNumberSchema.safeParse($cancelNumber.get());
  if (!parsed.success) {
    $cancelConfirming.set(false);
    $cancelError.set(parsed.error.issues[0]?.message ?? msg.bookingNumberInvalid);
    return false;
  }
  const customerPhone = normalisePhone($draft.get().customerPhone) ?? undefined;
  $cancelling.set(true);
  $cancelError.set(null);
  try {
    await unwrap(
      client.api.bookings.cancel[':bookingNumber'].$post({ param: { bookingNumber: parsed.data }, json: { reason: msg.customerCancelReason, customerPhone } }),
    );
    closeDuplicate();
    toast('success', CANCEL_SUCCESS);
    return true;
  } catch (e) {
    $cancelConfirming.set(false);
    $cancelError.set(e instanceof ApiRequestError ? errorText(e.body, undefined, CANCEL_FALLBACK) : messageOf(e, CANCEL_FALLBACK));
    return false;
  } finally {
    $cancelling.set(false);
  }
}

// ---------------------------------------------------------------- phone: formatted while typing (01 §5)

function grouped(digits: string, sizes: number[]): string {
  const parts: string[] = [];
  let i = 0;
  for (const size of sizes) {
    if (i >= digits.length) break;
    parts.push(digits.slice(i, i + size));
    i += size;
  }
  return parts.join(' ');
}

/**
 * 0XXX XXX XX XX while typing or after a paste: +90, 90 and 0090 in front become the leading 0, a number started with 5
 * gets its 0 (issue 7 §2: every phone field normalises to 05XXXXXXXXX).
 */
export function formatPhoneTyping(raw: string): string {
  const { digits } = phoneTypingDigits(raw);
  if (!digits && raw.trimStart().startsWith('+')) return '+';
  if (digits === '9' && raw.trimStart().startsWith('+')) return '+9';
  return grouped(digits, [4, 3, 2, 2]);
}

/** Where the caret belongs in `formatted` so that it stays after the same number of digits as in `raw`. */
export function caretAfterDigits(raw: string, caret: number, formatted: string): number {
  const { dropped, added } = phoneTypingDigits(raw);
  const typed = raw.slice(0, caret).replace(/\D/g, '').length;
  const digits = typed === 0 ? 0 : Math.max(0, typed - dropped) + added;
  if (digits === 0) return formatted.startsWith('+') && caret > 0 ? formatted.length : 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]) && ++seen === digits) return i + 1;
  }
  return formatted.length;
}

// ---------------------------------------------------------------- start and reset

/** Every mount starts fresh: on the server the module outlives the request, and "today" must be today. */
export function initBookingFlow(f: BookingFacility) {
  resetBookingFlow();
  $facility.set(f);
}

export function resetBookingFlow(today = istanbulToday()) {
  loadSeq++;
  $calendar.set(initialCalendar(today));
  $slots.set({});
  $slotsStatus.set('idle');
  $loadedRange.set(null);
  $step.set(1);
  $selected.set(null);
  $confirmation.set(null);
  $draft.set({ ...emptyDraft });
  $errors.set({});
  $submitting.set(false);
  $duplicate.set(null);
  $cancelling.set(false);
  $cancelError.set(null);
  $cancelNumber.set('');
  $cancelConfirming.set(false);
  $horizon.set(null);
  $live.set('off');
}

import { DurableObject } from 'cloudflare:workers';
import { type ExtendHoldInput, HOLD_WARNING_MS } from '../../../contracts/attendance';
import type { PublicUser } from '../../../contracts/auth';
import type { CreateBookingInput } from '../../../contracts/bookings';
import { msg } from '../../../contracts/messages';
import type { DepositDecisionInput, RecordPaymentInput } from '../../../contracts/payment-input';
import type { FacilityEvent } from '../../../contracts/socket/facility';
import { SOCKET_PING, SOCKET_PONG } from '../../../contracts/socket/parse';
import type { StaffBookingInput } from '../../../contracts/staff-booking';
import type { CreateSubscriptionInput, SubscriptionAnswerWire } from '../../../contracts/subscriptions';
import type { BookingWire } from '../../../contracts/wire/booking';
import type { NotificationWire } from '../../../contracts/wire/notification';
import { type Db, getDb } from '../db/client';
import { rulesOf } from '../db/price-rules';
import { slotsInRange } from '../db/slots';
import { leaveEntry, nextOfferExpiry, passExpired } from '../db/waitlist';
import { forgetAvailability } from '../lib/availability-memo';
import { ApiError, fail, notFound, type Outcome } from '../lib/errors';
import { Mutex } from '../lib/mutex';
import { addDays, istanbulToday } from '../lib/time';
import { addTimings, step, timed, timingEnabled } from '../lib/timing';
import { cancelByCustomer, createBooking, expireHolds } from '../services/bookings';
import { type FacilityBundle, findFacilityBundleById } from '../services/facilities';
import { type RetireDeposit, type RetireResult, retireFacility } from '../services/facility-admin';
import { extendHoldByStaff, nextHoldAlarm, warnHolds } from '../services/holds';
import { publishNotifications } from '../services/notifications';
import { recordPaymentByStaff, reversePaymentByStaff } from '../services/payments';
import { pushBookingEvents } from '../services/player-push';
import { type RepriceResult, repriceFreeSlots } from '../services/pricing';
import {
  type BookedSlot,
  coveredSlots,
  type GenerateResult,
  generateSlots,
  type SlotLike,
  slotOfBooking,
  slotToWire,
} from '../services/slots';
import { createStaffBooking } from '../services/staff-booking-create';
import {
  approveByStaff,
  type BookingDetail,
  cancelByStaff,
  type Receipt,
  rejectByStaff,
  type StaffChange,
} from '../services/staff-bookings';
import { pushStaffEvents } from '../services/staff-push';
import { createSubscription } from '../services/subscriptions';
import { endEntriesOfFacility, endEntriesWithoutSlots, offerFreed, startsIn } from '../services/waitlist';
import { pushOffers } from '../services/waitlist-push';

const FACILITY_KEY = 'facilityId';
const BUNDLE_TTL_MS = 30_000;
const NOTIFY_COALESCE_MS = 100;
/** A lease of the pitch's lock ends by itself after this long (a closure's coordinator that never released it). */
const LEASE_TTL_MS = 30_000;

/**
 * One object per pitch. Every change to the pitch's slots (create, cancel, expire, generate) runs under one lock, so
 * the check and the write of one request can never interleave with another's, however long D1 takes in between.
 * D1 stays the source of truth; the object keeps only its facility id (for the alarm) and a short-lived cache.
 */
export class FacilityBooking extends DurableObject<Env> {
  private readonly lock = new Mutex();
  private readonly leases = new Map<string, () => void>();
  private handle: { d1: D1Database; db: Db } | null = null;
  private bundle: { value: FacilityBundle; at: number } | null = null;
  private alarmAt: number | null | undefined;
  private readonly outbox: NotificationWire[] = [];
  /**
   * When this pitch's slots last changed, as far as this object knows (every change broadcasts). A fresh object does
   * not know what changed before it woke, so it says "now": a calendar then reads again once, never too seldom.
   */
  private changedAt = Date.now();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Pings are answered by the runtime: a hibernated object is not woken for them, and webSocketMessage never sees one.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(SOCKET_PING, SOCKET_PONG));
  }

  /** The object's database handle, rebuilt only if its D1 binding is replaced (the tests slow it down that way). */
  private get db(): Db {
    if (this.handle?.d1 !== this.env.DB) this.handle = { d1: this.env.DB, db: getDb(this.env.DB) };
    return this.handle.db;
  }

  private async facility(facilityId: number): Promise<FacilityBundle> {
    const now = Date.now();
    if (this.bundle && this.bundle.value.facility.id === facilityId && now - this.bundle.at < BUNDLE_TTL_MS)
      return this.bundle.value;
    const value = await findFacilityBundleById(this.db, facilityId);
    if (!value) throw notFound(msg.facilityNotFound);
    this.bundle = { value, at: now };
    const stored = await this.ctx.storage.get<number>(FACILITY_KEY);
    if (stored !== facilityId) await this.ctx.storage.put(FACILITY_KEY, facilityId);
    return value;
  }

  private async guarded<T>(work: () => Promise<T>): Promise<Outcome<T>> {
    const queued = performance.now();
    const { value: outcome, timings } = await timed(timingEnabled(this.env), async (): Promise<Outcome<T>> => {
      try {
        return {
          ok: true,
          value: await this.lock.run(() => {
            addTimings('', [{ step: 'lock', ms: performance.now() - queued }]);
            return work();
          }),
        };
      } catch (e) {
        if (e instanceof ApiError) return fail(e);
        throw e;
      }
    });
    return timings ? { ...outcome, timings } : outcome;
  }

  async createBooking(facilityId: number, input: CreateBookingInput): Promise<Outcome<BookingWire>> {
    const outcome = await this.guarded(async () => {
      const bundle = await step('facility', () => this.facility(facilityId));
      const created = await step('write', () =>
        createBooking({ db: this.db, now: Date.now(), env: this.env }, bundle, input),
      );
      await step('expiry', () => this.scheduleExpiry(created.expiresAt));
      await this.broadcastBooked(bundle, created.slot);
      return created;
    });
    if (!outcome.ok) return outcome;
    this.notify(outcome.value.notifications);
    return { ok: true, value: outcome.value.booking, timings: outcome.timings };
  }

  /**
   * Staff take a booking (behaviour.md#bookings 'Staff bookings'): the public rules under the lock every public booking
   * takes, so of a staff and a public booking of one slot exactly one wins.
   */
  async createStaffBooking(
    facilityId: number,
    input: StaffBookingInput,
    actor: PublicUser,
  ): Promise<Outcome<BookingDetail>> {
    const outcome = await this.guarded(async () => {
      const bundle = await this.facility(facilityId);
      const created = await createStaffBooking({ db: this.db, now: Date.now() }, bundle, input, actor);
      if (created.expiresAt !== null) await this.scheduleExpiry(created.expiresAt);
      await this.broadcastBooked(bundle, created.slot);
      return created;
    });
    if (!outcome.ok) return outcome;
    this.notify(outcome.value.notifications);
    return { ok: true, value: outcome.value.booking };
  }

  /** Staff book a subscription's weeks (behaviour.md#subscriptions): checked and written under the lock every public booking takes. */
  async createSubscription(
    facilityId: number,
    input: CreateSubscriptionInput,
    actor: PublicUser,
  ): Promise<Outcome<SubscriptionAnswerWire>> {
    const outcome = await this.guarded(async () => {
      const bundle = await this.facility(facilityId);
      const created = await createSubscription({ db: this.db, now: Date.now() }, bundle, input, actor);
      for (const slot of created.slots) this.broadcastSlot(bundle, slot);
      return created;
    });
    if (!outcome.ok) return outcome;
    this.notify(outcome.value.notifications);
    return { ok: true, value: outcome.value.answer };
  }

  async cancelBooking(
    facilityId: number,
    bookingNumber: string,
    reason: string | null,
    customerPhone?: string,
  ): Promise<Outcome<BookingWire>> {
    const outcome = await this.guarded(async () => {
      const bundle = await this.facility(facilityId);
      const change = await cancelByCustomer({ db: this.db, now: Date.now() }, bookingNumber, reason, customerPhone);
      if (change.slot) await this.broadcastBooked(bundle, change.slot);
      if (change.slot) await this.offerRange(bundle, change.slot.startsAt, change.slot.matchEndsAt);
      return change;
    });
    if (!outcome.ok) return outcome;
    this.notify(outcome.value.notifications);
    return { ok: true, value: outcome.value.booking };
  }

  /** Staff approve (behaviour.md#bookings): under the same lock as every other change to this pitch's slots. */
  async approveBooking(
    facilityId: number,
    ref: string,
    actor: PublicUser,
    note: string | null,
    receipt: Receipt | null = null,
  ): Promise<Outcome<BookingDetail>> {
    return this.staffChange(facilityId, () =>
      approveByStaff(this.db, facilityId, ref, actor, note, Date.now(), receipt),
    );
  }

  /** Staff reject, also the panel's "cancel" (behaviour.md#states-and-transitions): frees the slot for the next visitor at once. */
  async rejectBooking(
    facilityId: number,
    ref: string,
    actor: PublicUser,
    reason: string,
    deposit: DepositDecisionInput | null = null,
  ): Promise<Outcome<BookingDetail>> {
    return this.staffChange(facilityId, () =>
      rejectByStaff(this.db, facilityId, ref, actor, reason, Date.now(), deposit),
    );
  }

  /** Staff cancel of an approved booking: filed under İptal, the slot freed, under the same lock. */
  async staffCancelBooking(
    facilityId: number,
    ref: string,
    actor: PublicUser,
    reason: string,
    deposit: DepositDecisionInput | null = null,
  ): Promise<Outcome<BookingDetail>> {
    return this.staffChange(facilityId, () =>
      cancelByStaff(this.db, facilityId, ref, actor, reason, Date.now(), deposit),
    );
  }

  /**
   * A payment row (behaviour.md#bookings 'Payments'), and with `approve` the approval of a pending booking in the same
   * batch: under the lock, so it is serialised with every status change of this pitch's bookings.
   */
  async recordPayment(
    facilityId: number,
    ref: string,
    actor: PublicUser,
    input: RecordPaymentInput,
  ): Promise<Outcome<BookingDetail>> {
    return this.staffChange(facilityId, () => recordPaymentByStaff(this.db, facilityId, ref, actor, input, Date.now()));
  }

  /** The reversal of a payment row, under the same lock. */
  async reversePayment(
    facilityId: number,
    ref: string,
    paymentId: number,
    actor: PublicUser,
    reason: string,
  ): Promise<Outcome<BookingDetail>> {
    return this.staffChange(facilityId, () =>
      reversePaymentByStaff(this.db, facilityId, ref, paymentId, actor, reason, Date.now()),
    );
  }

  private async staffChange(facilityId: number, change: () => Promise<StaffChange>): Promise<Outcome<BookingDetail>> {
    const outcome = await this.guarded(async () => {
      const bundle = await this.facility(facilityId);
      const result = await change();
      if (result.slot) await this.broadcastBooked(bundle, result.slot);
      // A change that freed the slots (reject, cancel) offers them to the waitlist (docs/behaviour.md#waitlist).
      if (result.slot && result.slot.bookingStatus === null)
        await this.offerRange(bundle, result.slot.startsAt, result.slot.matchEndsAt);
      return result;
    });
    if (!outcome.ok) return outcome;
    this.notify(outcome.value.notifications);
    return { ok: true, value: outcome.value.booking };
  }

  /**
   * Staff give an unapproved hold more time (docs/behaviour.md#bookings 'Hold expiry'): under the lock, so the expiry
   * alarm cannot expire it between the check and the write; the alarm is re-armed for the new deadline's warning.
   */
  async extendHold(
    facilityId: number,
    ref: string,
    actor: PublicUser,
    input: ExtendHoldInput,
  ): Promise<Outcome<BookingDetail>> {
    const outcome = await this.guarded(async () => {
      const change = await extendHoldByStaff(this.db, facilityId, ref, actor, input, Date.now());
      await this.scheduleExpiry(change.expiresAt);
      return change;
    });
    if (!outcome.ok) return outcome;
    return { ok: true, value: outcome.value.booking };
  }

  /** Staff's generation (`actor`) is audited in the slots' own batch; the cron's (`ensureHorizon`, no actor) is not. */
  async generateSlots(
    facilityId: number,
    startDate: string,
    endDate: string,
    overwrite: boolean,
    actor: PublicUser | null = null,
    newDaysOnly = false,
  ): Promise<Outcome<GenerateResult>> {
    return this.guarded(async () => {
      // Generation reads the pitch fresh: its hours or price may have just been edited.
      this.bundle = null;
      const bundle = await this.facility(facilityId);
      const rules = await rulesOf(this.db, facilityId);
      const result = await generateSlots(
        this.db,
        bundle.facility,
        startDate,
        endDate,
        overwrite,
        rules,
        actor,
        undefined,
        {
          newDaysOnly,
        },
      );
      // Entries whose start or held slot the new schedule removed end at once, their holders told; a hold whose slot
      // was only replaced stays (docs/behaviour.md#waitlist).
      if (result.replaced + result.removed > 0) {
        const ended = await endEntriesWithoutSlots(this.env, facilityId, startDate, endDate, Date.now());
        for (const r of ended.released) await this.offerRange(bundle, r.from, r.to);
        this.ctx.waitUntil(ended.notify());
      }
      if (result.created + result.replaced + result.removed > 0)
        this.broadcast({ type: 'slots-regenerated', from: startDate, to: endDate });
      return result;
    });
  }

  /**
   * Re-prices the free slots of [from, to] still ahead by the pitch's current rules, under the lock: a
   * booking being made meanwhile either holds its slot first (then the slot keeps its price) or books the new price.
   */
  async repriceSlots(
    facilityId: number,
    from: string,
    to: string,
    actor: PublicUser | null = null,
  ): Promise<Outcome<RepriceResult>> {
    return this.guarded(async () => {
      this.bundle = null;
      const bundle = await this.facility(facilityId);
      const rules = await rulesOf(this.db, facilityId);
      const result = await repriceFreeSlots(this.db, bundle.facility, rules, from, to, Date.now(), actor);
      if (result.repriced > 0) this.broadcast({ type: 'slots-regenerated', from, to });
      return result;
    });
  }

  /** Staff edited the pitch: the next change reads it fresh (price, pickup points, hours), under the lock. */
  async forget(): Promise<void> {
    await this.lock.run(async () => {
      this.bundle = null;
    });
  }

  /**
   * Staff delete the pitch, serialised with bookings: without `force` and with active bookings (pending or
   * approved, not started yet) it refuses with 409; with `force` those bookings are cancelled (history, notifications,
   * slots freed) and the pitch is soft-deleted in the same batch, so no booking can slip in between.
   */
  async retire(
    facilityId: number,
    actor: PublicUser,
    force: boolean,
    decision: RetireDeposit = {},
  ): Promise<Outcome<RetireResult>> {
    const outcome = await this.guarded(async () => {
      this.bundle = null;
      const bundle = await this.facility(facilityId);
      const result = await retireFacility(this.db, bundle, actor, force, Date.now(), decision);
      this.bundle = null;
      // Its waitlist ends at once, the holders told (docs/behaviour.md#waitlist).
      const ended = await endEntriesOfFacility(this.env, facilityId, Date.now());
      this.ctx.waitUntil(ended.notify());
      for (const b of result.cancelled) if (b.slotId) await this.broadcastBooked(bundle, slotOfBooking(b, false));
      return result;
    });
    if (!outcome.ok) return outcome;
    this.notify(outcome.value.notifications);
    return { ok: true, value: outcome.value.summary };
  }

  /**
   * Keeps the pitch generated `days` ahead (the cron's job): generates the days of the horizon that have no slot yet,
   * usually the one new day; never overwrites, and leaves a generated day as it is (docs/behaviour.md#slots).
   */
  async ensureHorizon(facilityId: number, days: number): Promise<Outcome<GenerateResult>> {
    const today = istanbulToday();
    return this.generateSlots(facilityId, today, addDays(today, days), false, null, true);
  }

  /**
   * A waitlist entry leaves (the holder, or staff take it off): under the lock, so an offered entry's hold passes on to
   * the next in line before anyone else can book it (docs/behaviour.md#waitlist).
   */
  async leaveWaitlist(facilityId: number, entryId: number): Promise<Outcome<null>> {
    return this.guarded(async () => {
      const bundle = await this.facility(facilityId);
      const was = await leaveEntry(this.env.DB, entryId, Date.now());
      if (was?.offer_facility_id === facilityId && was.offer_starts_at !== null && was.offer_ends_at !== null) {
        const offered = await this.offerRange(bundle, was.offer_starts_at, was.offer_ends_at);
        if (!offered) await this.broadcastRange(bundle, was.offer_starts_at, was.offer_ends_at);
      }
      return null;
    });
  }

  /**
   * Holds this pitch's lock for a change that spans several pitches (a closure and its moves, docs/behaviour.md#closures):
   * answers a token once the lock is held, and keeps it until `releaseLease(token)`, or `ttlMs` at most (a coordinator
   * that died never leaves the pitch locked). Callers take the leases of several pitches in one global order (by id), so
   * two such changes in opposite directions cannot deadlock. Every booking of this pitch waits meanwhile.
   */
  async lease(ttlMs = LEASE_TTL_MS): Promise<string> {
    const token = crypto.randomUUID();
    let held!: () => void;
    const acquired = new Promise<void>((resolve) => {
      held = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    void this.lock.run(async () => {
      this.leases.set(token, release);
      held();
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([released, new Promise<void>((resolve) => (timer = setTimeout(resolve, ttlMs)))]);
      if (timer !== undefined) clearTimeout(timer);
      this.leases.delete(token);
    });
    await acquired;
    return token;
  }

  /**
   * Ends a lease: first tells the open calendars of every slot of the pitch's ranges `changed` ([startsAt, endsAt) pairs)
   * as they read now (closed, reopened, taken by a moved booking), then lets the next request in. Idempotent.
   */
  async releaseLease(token: string, facilityId: number, changed: Array<[number, number]> = []): Promise<void> {
    const release = this.leases.get(token);
    if (!release) return;
    try {
      if (changed.length > 0) {
        this.bundle = null;
        const bundle = await this.facility(facilityId);
        for (const [from, to] of changed) await this.broadcastRange(bundle, from, to);
      }
    } finally {
      this.leases.delete(token);
      release();
    }
  }

  /**
   * Offers the freed starts of [from, to) to the waitlist, broadcasts the held slots, pushes the offers and arms the
   * alarm for the earliest offer's end. Under the lock. Answers whether anything was offered.
   */
  private async offerRange(bundle: FacilityBundle, from: number, to: number): Promise<boolean> {
    const now = Date.now();
    const starts = await startsIn(this.env.DB, bundle.facility.id, from, to);
    const offers = await offerFreed(this.env, bundle.facility, starts, now);
    if (offers.length === 0) return false;
    for (const o of offers) await this.broadcastRange(bundle, o.offer_starts_at!, o.offer_ends_at!);
    await this.scheduleAt(Math.min(...offers.map((o) => o.offer_expires_at!)));
    this.ctx.waitUntil(pushOffers(this.env, bundle.facility, offers).catch(() => undefined));
    return true;
  }

  private async broadcastRange(bundle: FacilityBundle, from: number, to: number): Promise<void> {
    for (const slot of await slotsInRange(this.db, bundle.facility.id, from, to)) this.broadcastSlot(bundle, slot);
  }

  /** Offers that ran out pass to the next in line; a range nobody takes is broadcast free again. */
  private async passOn(facilityId: number, now: number): Promise<void> {
    const passed = await passExpired(this.env.DB, facilityId, now);
    if (passed.length === 0) return;
    const bundle = await this.facility(facilityId);
    for (const p of passed) {
      const offered = await this.offerRange(bundle, p.offer_starts_at, p.offer_ends_at);
      if (!offered) await this.broadcastRange(bundle, p.offer_starts_at, p.offer_ends_at);
    }
  }

  async alarm(): Promise<void> {
    this.alarmAt = null; // a fired alarm is gone
    const facilityId = await this.ctx.storage.get<number>(FACILITY_KEY);
    if (facilityId === undefined) return;
    await this.expireDue(facilityId);
  }

  /**
   * Expires due holds, warns staff of the holds ending within 10 minutes (once per booking), and re-arms the alarm
   * for the earlier of the next deadline and the next warning. Running it twice changes nothing.
   */
  async expireDue(facilityId: number, now = Date.now()): Promise<number> {
    const { count, notifications } = await this.lock.run(async () => {
      const result = await expireHolds(this.db, facilityId, now);
      const warned = await warnHolds(this.db, facilityId, now);
      // Waitlist offers that ran out pass on; the slots expired holds freed are offered (docs/behaviour.md#waitlist).
      await this.passOn(facilityId, now);
      if (result.freed.length > 0) {
        const bundle = await this.facility(facilityId);
        for (const slot of result.freed) {
          await this.broadcastBooked(bundle, slot);
          await this.offerRange(bundle, slot.startsAt, slot.matchEndsAt);
        }
      }
      const [holdAt, offerAt] = await Promise.all([
        nextHoldAlarm(this.db, facilityId),
        nextOfferExpiry(this.env.DB, facilityId),
      ]);
      const next = holdAt === null ? offerAt : offerAt === null ? holdAt : Math.min(holdAt, offerAt);
      this.alarmAt = next === null ? null : Math.max(next, Date.now() + 1000);
      if (this.alarmAt !== null) await this.ctx.storage.setAlarm(this.alarmAt);
      else await this.ctx.storage.deleteAlarm();
      return { ...result, notifications: [...result.notifications, ...warned] };
    });
    this.notify(notifications);
    return count;
  }

  /**
   * A hold ending at `at` needs the alarm at its warning, 10 minutes before (docs/behaviour.md#bookings 'Hold
   * expiry'); a hold shorter than that is warned at once. The alarm then re-arms itself for the deadline.
   */
  private async scheduleExpiry(at: number): Promise<void> {
    await this.scheduleAt(at - HOLD_WARNING_MS);
  }

  /** Arms the alarm for `due` unless it already fires earlier (hold warnings and expiries, waitlist offers share it). */
  private async scheduleAt(due: number): Promise<void> {
    if (this.alarmAt === undefined) this.alarmAt = await this.ctx.storage.getAlarm();
    if (this.alarmAt === null || due < this.alarmAt) {
      await this.ctx.storage.setAlarm(due);
      this.alarmAt = due;
    }
  }

  /**
   * Staff notifications leave in small batches: a burst of bookings costs the hub one call, not one per booking. The
   * same batch tells the holders whose devices hear those bookings (services/player-push.ts) and the staff devices
   * that turned push on (services/staff-push.ts), after the change landed: each event once.
   */
  private notify(items: NotificationWire[]): void {
    if (items.length === 0) return;
    this.outbox.push(...items);
    if (this.outbox.length > items.length) return;
    this.ctx.waitUntil(
      new Promise((resolve) => setTimeout(resolve, NOTIFY_COALESCE_MS)).then(() => {
        const batch = this.outbox.splice(0);
        return Promise.all([
          publishNotifications(this.env, batch),
          pushBookingEvents(this.env, batch),
          pushStaffEvents(this.env, batch),
        ]);
      }),
    );
  }

  // ---------- live slot updates (hibernatable WebSockets) ----------

  async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected WebSocket', { status: 426 });
    // Anonymous sockets are capped per pitch and per address, so one client cannot hold thousands open.
    const address = `ip:${(request.headers.get('cf-connecting-ip') ?? 'local').slice(0, 64)}`;
    if (
      this.ctx.getWebSockets().length >= socketCap(this.env.LIVE_SOCKETS_PER_PITCH, 500) ||
      this.ctx.getWebSockets(address).length >= socketCap(this.env.LIVE_SOCKETS_PER_ADDRESS, 10)
    ) {
      const refusal = new ApiError('RateLimitError', msg.tooManySockets, { retryAfter: 60 });
      return Response.json(refusal.toBody(), {
        status: 429,
        headers: { 'retry-after': '60', 'cache-control': 'no-store' },
      });
    }
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair);
    this.ctx.acceptWebSocket(server, [address]);
    // A calendar whose answer is older than `changedAt` reads again (lib/availability-memo.ts).
    server.send(JSON.stringify({ type: 'hello', changedAt: this.changedAt } satisfies FacilityEvent));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Browsers send the pitch nothing but pings, which the runtime answers (see the constructor): anything else is dropped. */
  async webSocketMessage(): Promise<void> {}

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // Echoing 1005/1006 throws; they only mean "no code" / "abnormal".
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, 'bye');
    } catch {
      /* already closed */
    }
  }

  /**
   * Every slot a changed booking covers, as it reads now: open calendars see a longer match's slots taken or freed at
   * once (docs/behaviour.md#match-length). A one-slot match costs no read.
   */
  private async broadcastBooked(bundle: FacilityBundle, first: BookedSlot): Promise<void> {
    for (const slot of await coveredSlots(this.db, bundle.facility, first)) this.broadcastSlot(bundle, slot);
  }

  private broadcastSlot(bundle: FacilityBundle, slot: SlotLike): void {
    this.broadcast({ type: 'slot', facility: bundle.facility.documentId, slot: slotToWire(slot, Date.now()) });
  }

  private broadcast(event: FacilityEvent): void {
    this.changedAt = Date.now();
    // This isolate's kept availability answers may predate the change (in production only the object's own isolate).
    forgetAvailability();
    const data = JSON.stringify(event);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
      } catch {
        /* a closing socket */
      }
    }
  }
}

function socketCap(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

// Closures, 'Kapat' (docs/behaviour.md#closures): staff close pitches for a window of days and hours. The preview lists
// the live bookings it hits; the confirmation applies staff's decision for each (cancel with the deposit refunded or
// kept, or move to a free slot), marks the slots closed and ends their waitlist entries, under the locks of every pitch
// involved, taken in one global order (by pitch id) so two closures moving bookings in opposite directions cannot
// deadlock. D1's triggers (migration 0034) are the backstop: no live booking claims a closed slot, and a claimed slot is
// never closed. A closure can be lifted: its slots still ahead reopen; what it cancelled stays cancelled.
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { PublicUser } from '../../../contracts/auth';
import {
  CLOSURE_ALTERNATIVES_MAX,
  type ClosureAlternativesInput,
  type ClosureCreateInput,
  type ClosureWindowInput,
  closureMsg,
} from '../../../contracts/closure-input';
import {
  type ClosureAlternativeWire,
  type ClosureCreatedWire,
  type ClosureHitWire,
  type ClosureOutcomeWire,
  type ClosurePreviewWire,
  type ClosureReason,
  type ClosureWire,
  closureReasonLabel,
} from '../../../contracts/closures';
import { firstName } from '../../../contracts/common';
import { whenText } from '../../../contracts/customer-messages';
import { addDays, istanbulToday } from '../../../contracts/dates';
import { suggestDeposit } from '../../../contracts/payment-input';
import { whatsappHref } from '../../../contracts/phone-links';
import { actorName, recordAudit } from '../db/audit';
import { type Db, getDb } from '../db/client';
import {
  activeFacilitiesOf,
  closuresWhere,
  type FreeStart,
  freeStarts,
  type HitRow,
  reopenSlots,
  type WindowSpec,
  windowHits,
  windowSlots,
  windowSpec,
} from '../db/closures';
import { recordHistory } from '../db/events';
import { paymentWithEvents } from '../db/payments';
import { bookings, closureFacilities, closures, slots } from '../db/schema';
import { isClosedRefusal, isHeldRefusal, isRangeRefusal, isUniqueRefusal } from '../db/unique';
import { storedRules } from '../lib/booking-rules';
import { badRequest, conflict, notFound } from '../lib/errors';
import { newDocumentId } from '../lib/ids';
import { vapidKeysOf } from '../lib/web-push';
import { facilityStub } from './facility-ref';
import { type HolderMessage, sendToHolders } from './player-push';
import { countEntriesForSlots, endEntriesForSlots } from './waitlist';

type Facility = { id: number; documentId: string; slug: string; name: string };

/** The window's pitches, active, in the order given; 404 in Turkish when one is unknown or inactive. */
async function pitchesOf(db: Db, refs: string[]): Promise<Facility[]> {
  const found = await activeFacilitiesOf(db, refs);
  const byRef = new Map<string, Facility>();
  for (const f of found) {
    byRef.set(f.documentId, f);
    byRef.set(f.slug, f);
  }
  const out: Facility[] = [];
  for (const ref of refs) {
    const f = byRef.get(ref);
    if (!f) throw notFound(closureMsg.facilityNotFound);
    if (!out.some((o) => o.id === f.id)) out.push(f);
  }
  return out;
}

const windowWire = (pitches: Facility[], w: ClosureWindowInput) => ({
  facilities: pitches.map(({ documentId, slug, name }) => ({ documentId, slug, name })),
  from: w.from,
  to: w.to,
  startTime: w.startTime,
  endTime: w.endTime,
});

function hitToWire(h: HitRow, keepHours: number, now: number): ClosureHitWire {
  return {
    booking: h.document_id,
    bookingNumber: h.booking_number,
    customerName: h.customer_name,
    customerPhone: h.customer_phone,
    facility: { documentId: h.facility_document_id, slug: h.facility_slug, name: h.facility_name },
    date: h.date,
    startTime: h.start_time,
    endTime: h.end_time,
    startsAt: new Date(h.starts_at).toISOString(),
    duration: h.duration,
    status: h.status,
    isSubscription: Boolean(h.is_subscriber),
    depositKurus: h.deposit_amount,
    collectedKurus: h.collected,
    suggestedDeposit: suggestDeposit({ status: h.status, startsAt: h.starts_at, cancelledAt: null }, keepHours, now)
      .suggested,
  };
}

interface Fresh {
  pitches: Facility[];
  spec: WindowSpec;
  preview: ClosurePreviewWire;
  hits: HitRow[];
  slotIds: number[];
  slots: Awaited<ReturnType<typeof windowSlots>>;
}

async function readWindow(env: Env, db: Db, w: ClosureWindowInput, now: number, pitches?: Facility[]): Promise<Fresh> {
  const ps = pitches ?? (await pitchesOf(db, w.facilities));
  const spec = windowSpec(
    ps.map((p) => p.id),
    w,
  );
  const [slotRows, hits, rules] = await Promise.all([
    windowSlots(db, spec, now),
    windowHits(db, spec, now),
    storedRules(db, now),
  ]);
  if (slotRows.length === 0 && isWhollyPast(w, now))
    throw badRequest(closureMsg.past, { errors: [{ path: ['to'], message: closureMsg.past }] });
  const slotIds = slotRows.map((s) => s.id);
  const waitlisted = slotIds.length > 0 ? await countEntriesForSlots(env.DB, slotIds) : 0;
  return {
    pitches: ps,
    spec,
    hits,
    slotIds,
    slots: slotRows,
    preview: {
      window: windowWire(ps, w),
      slotCount: slotRows.length,
      hits: hits.map((h) => hitToWire(h, rules.depositKeepHours, now)),
      waitlisted,
    },
  };
}

/** The window's last business day is over (before today's yesterday, whose after-midnight hours may still be ahead). */
const isWhollyPast = (w: ClosureWindowInput, now: number) => w.to < istanbulToday(now);

/** POST /api/closures/preview: what the window would close now; changes nothing. */
export async function previewClosure(env: Env, w: ClosureWindowInput, now: number): Promise<ClosurePreviewWire> {
  return (await readWindow(env, getDb(env.DB), w, now)).preview;
}

/** POST /api/closures/alternatives: free starts on `date` where the hit booking's length fits, outside the window. */
export async function closureAlternatives(
  env: Env,
  input: ClosureAlternativesInput,
  now: number,
): Promise<{ items: ClosureAlternativeWire[] }> {
  const db = getDb(env.DB);
  const pitches = await pitchesOf(db, input.facilities);
  const spec = windowSpec(
    pitches.map((p) => p.id),
    input,
  );
  const b = await db
    .select({ startsAt: bookings.startsAt, duration: bookings.duration, status: bookings.status })
    .from(bookings)
    .where(eq(bookings.documentId, input.booking))
    .get();
  if (!b || (b.status !== 'pending' && b.status !== 'approved')) throw notFound(closureMsg.bookingNotFound);
  const rows = await freeStarts(db, spec, {
    date: input.date,
    minutes: b.duration,
    near: b.startsAt,
    now,
    limit: CLOSURE_ALTERNATIVES_MAX,
  });
  return { items: rows.map(alternativeToWire) };
}

const alternativeToWire = (r: FreeStart): ClosureAlternativeWire => ({
  slot: r.slot_document_id,
  facility: { documentId: r.facility_document_id, slug: r.facility_slug, name: r.facility_name },
  date: r.date,
  startTime: r.start_time,
  endTime: r.end_time,
  startsAt: new Date(r.starts_at).toISOString(),
  priceKurus: Number(r.price ?? 0),
});

// ---------- the locks of several pitches ----------

/**
 * Runs `work` holding the locks of every pitch in `ids`, taken one after another in ascending id order (the one global
 * order: two closures in opposite directions wait for each other, never deadlock), and releases them all after it,
 * each with the ranges whose slots changed there (broadcast to the open calendars before the next request runs).
 */
export async function underLocks<T>(
  env: Env,
  ids: number[],
  work: () => Promise<{ value: T; changed: Map<number, Array<[number, number]>> }>,
): Promise<T> {
  const order = [...new Set(ids)].sort((a, b) => a - b);
  const held: Array<{ id: number; token: string }> = [];
  let changed = new Map<number, Array<[number, number]>>();
  try {
    for (const id of order) held.push({ id, token: await facilityStub(env, id).lease() });
    const done = await work();
    changed = done.changed;
    return done.value;
  } finally {
    await Promise.all(
      held.reverse().map(({ id, token }) =>
        facilityStub(env, id)
          .releaseLease(token, id, changed.get(id) ?? [])
          .catch(() => undefined),
      ),
    );
  }
}

/** Contiguous ranges of a pitch's slots, for the broadcast (a window of many days is one range per day and pitch). */
function rangesOf(rows: Array<{ facility_id: number; starts_at: number; ends_at: number }>) {
  const out = new Map<number, Array<[number, number]>>();
  for (const r of rows) {
    const list = out.get(r.facility_id) ?? [];
    const last = list[list.length - 1];
    if (last && last[1] >= r.starts_at) last[1] = Math.max(last[1], r.ends_at);
    else list.push([r.starts_at, r.ends_at]);
    out.set(r.facility_id, list);
  }
  return out;
}

function addRange(map: Map<number, Array<[number, number]>>, facilityId: number, from: number, to: number) {
  const list = map.get(facilityId) ?? [];
  list.push([from, to]);
  map.set(facilityId, list);
}

// ---------- the confirmation ----------

const reasonText = (reason: ClosureReason, note: string) =>
  note ? `${closureReasonLabel[reason]} · ${note}` : closureReasonLabel[reason];

/** 'Saha A · 27 Kasım 2026 Cuma, 20:00–21:00': where and when, as the customer's messages say it. */
const placeText = (facilityName: string, at: { date: string; startTime: string; endTime: string; startsAt: number }) =>
  `${facilityName} · ${whenText(at)}`;

/** The prepared WhatsApp message of one outcome: pitch, old (and new) date and hour, the public note; never the number. */
function whatsappText(
  hit: HitRow,
  reason: ClosureReason,
  note: string,
  movedTo: { facilityName: string; date: string; startTime: string; endTime: string; startsAt: number } | null,
  siteName: string,
): string {
  const old = placeText(hit.facility_name, {
    date: hit.date,
    startTime: hit.start_time,
    endTime: hit.end_time,
    startsAt: hit.starts_at,
  });
  const why = `Neden: ${reasonText(reason, note)}`;
  const lines = movedTo
    ? [
        `Merhaba ${firstName(hit.customer_name)},`,
        `${old} rezervasyonunuz, saha kapalı olduğu için taşındı.`,
        `Yeni saat: ${placeText(movedTo.facilityName, movedTo)}`,
        why,
        siteName,
      ]
    : [
        `Merhaba ${firstName(hit.customer_name)},`,
        `${old} rezervasyonunuz, saha kapalı olduğu için iptal edildi.`,
        why,
        hit.collected > 0 ? 'Ödemeniz için sizinle iletişime geçeceğiz.' : null,
        siteName,
      ];
  return lines.filter(Boolean).join('\n');
}

const historyWhen = (facilityName: string, h: { date: string; startTime: string; startsAt: number; endTime: string }) =>
  `${facilityName} ${whenText(h)}`;

/** POST /api/closures: applies the decisions, closes the slots and ends their waitlist entries, as one change. */
export async function createClosure(
  env: Env,
  input: ClosureCreateInput,
  actor: PublicUser,
  now: number,
  ctx?: { waitUntil(p: Promise<unknown>): void },
): Promise<ClosureCreatedWire> {
  const db = getDb(env.DB);
  const pitches = await pitchesOf(db, input.facilities);
  // The move targets' pitches are locked too: read where each target is (it is checked again under the locks).
  const moves = input.decisions.filter((d) => d.action === 'move');
  const targetPitches =
    moves.length === 0
      ? []
      : await db
          .select({ id: slots.facilityId })
          .from(slots)
          .where(
            sql`${slots.documentId} in (select value from json_each(${JSON.stringify(moves.map((m) => m.toSlot))}))`,
          )
          .all();
  const lockIds = [...pitches.map((p) => p.id), ...targetPitches.map((t) => t.id)];

  const result = await underLocks(env, lockIds, async () => {
    const fresh = await readWindow(env, db, input, now, pitches);
    const decisions = new Map(input.decisions.map((d) => [d.booking, d]));
    const hitIds = new Set(fresh.hits.map((h) => h.document_id));
    // Every hit decided, and nothing decided that is no longer a hit: otherwise the window changed since the preview.
    if (fresh.hits.some((h) => !decisions.has(h.document_id)) || [...decisions.keys()].some((k) => !hitIds.has(k)))
      throw conflict(closureMsg.changed, { preview: fresh.preview });

    const closureDoc = newDocumentId();
    const closureId = sql`(select ${closures.id} from ${closures} where ${closures.documentId} = ${closureDoc})`;
    const statements: BatchItem<'sqlite'>[] = [];
    const label = actorName(actor);
    const outcomes: Array<{ hit: HitRow; move: FreeStart | null }> = [];
    const changed = rangesOf(fresh.slots);
    const reason = input.reason;
    let cancelled = 0;
    let moved = 0;

    statements.push(
      db.insert(closures).values({
        documentId: closureDoc,
        fromDate: input.from,
        toDate: input.to,
        startTime: input.startTime,
        endTime: input.endTime,
        reason,
        note: input.note,
        cancelledCount: input.decisions.filter((d) => d.action === 'cancel').length,
        movedCount: moves.length,
        createdById: actor.id,
        createdByName: label,
        createdAt: now,
      }),
      db.insert(closureFacilities).select(
        db
          .select({
            closureId: sql<number>`${closureId}`.as('closure_id'),
            facilityId: sql<number>`value`.as('facility_id'),
          })
          .from(sql`json_each(${JSON.stringify(fresh.pitches.map((p) => p.id))})`),
      ),
    );

    for (const hit of fresh.hits) {
      const d = decisions.get(hit.document_id)!;
      const mine = and(eq(bookings.id, hit.id), eq(bookings.updatedAt, now))!;
      const facts = {
        facilityName: hit.facility_name,
        date: hit.date,
        startTime: hit.start_time,
        startsAt: hit.starts_at,
      };
      if (d.action === 'cancel') {
        cancelled++;
        const text = closureMsg.historyCancel(reason);
        statements.push(
          db
            .update(bookings)
            .set({ status: 'cancelled', cancellationReason: text, cancelledAt: now, expiresAt: null, updatedAt: now })
            .where(
              and(eq(bookings.id, hit.id), eq(bookings.status, hit.status), eq(bookings.updatedAt, hit.updated_at)),
            ),
          recordHistory(db, and(mine, eq(bookings.status, 'cancelled'))!, {
            bookingId: bookings.id,
            fromStatus: hit.status,
            toStatus: 'cancelled',
            reason: text,
            actorType: 'staff',
            actorUserId: actor.id,
            actorLabel: label,
            createdAt: now,
          }),
          recordAudit(db, {
            at: now,
            actor,
            entityId: String(hit.id),
            event: { kind: 'booking.cancel', label: hit.booking_number, facts },
          }),
        );
        if (d.deposit && hit.collected > 0)
          statements.push(
            ...paymentWithEvents(
              db,
              and(eq(bookings.status, 'cancelled'), eq(bookings.updatedAt, now))!,
              { ...facts, id: hit.id, bookingNumber: hit.booking_number },
              {
                kind: d.deposit === 'refund' ? 'refund' : 'kept',
                amount: hit.collected,
                method: d.deposit === 'refund' ? (d.method ?? null) : null,
                note: d.deposit === 'refund' ? closureMsg.refundNote : closureMsg.keptNote,
              },
              { user: actor, now },
            ),
          );
        outcomes.push({ hit, move: null });
        continue;
      }
      // A move: the target start, free for the booking's whole length, outside the window (read again, under the locks).
      const [target] = await freeStarts(db, fresh.spec, {
        slotRef: d.toSlot,
        minutes: hit.duration,
        near: hit.starts_at,
        now,
        limit: 1,
      });
      if (!target)
        throw conflict(closureMsg.targetTaken, { booking: hit.document_id, toSlot: d.toSlot, preview: fresh.preview });
      if (!lockIds.includes(target.facility_id)) throw conflict(closureMsg.changed, { preview: fresh.preview });
      moved++;
      const from = historyWhen(hit.facility_name, {
        date: hit.date,
        startTime: hit.start_time,
        endTime: hit.end_time,
        startsAt: hit.starts_at,
      });
      const to = historyWhen(target.facility_name, {
        date: target.date,
        startTime: target.start_time,
        endTime: target.end_time,
        startsAt: target.starts_at,
      });
      statements.push(
        db
          .update(bookings)
          .set({
            facilityId: target.facility_id,
            slotId: target.slot_id,
            date: target.date,
            startTime: target.start_time,
            endTime: target.end_time,
            startsAt: target.starts_at,
            endsAt: target.ends_at,
            updatedAt: now,
          })
          .where(and(eq(bookings.id, hit.id), eq(bookings.status, hit.status), eq(bookings.updatedAt, hit.updated_at))),
        recordHistory(db, mine, {
          bookingId: bookings.id,
          fromStatus: bookings.status,
          toStatus: bookings.status,
          reason: closureMsg.historyMove(from, to, reason),
          event: 'moved',
          actorType: 'staff',
          actorUserId: actor.id,
          actorLabel: label,
          createdAt: now,
        }),
        recordAudit(db, {
          at: now,
          actor,
          entityId: String(hit.id),
          event: {
            kind: 'booking.move',
            label: hit.booking_number,
            facts: {
              facilityName: target.facility_name,
              date: target.date,
              startTime: target.start_time,
              startsAt: target.starts_at,
              from: facts,
            },
          },
        }),
      );
      addRange(changed, target.facility_id, target.starts_at, target.ends_at);
      addRange(changed, hit.facility_id, hit.starts_at, hit.ends_at);
      outcomes.push({ hit, move: target });
    }

    // The slots close after the decisions freed them: the trigger refuses to close one a live booking still claims.
    statements.push(
      db
        .update(slots)
        .set({ closureId: sql`${closureId}` })
        .where(
          sql`${slots.id} in (select value from json_each(${JSON.stringify(fresh.slotIds)})) and ${slots.closureId} is null`,
        ),
      recordAudit(db, {
        at: now,
        actor,
        entityId: closureDoc,
        event: {
          kind: 'closure.create',
          label: fresh.pitches.map((p) => p.name).join(', '),
          facts: {
            startDate: input.from,
            endDate: input.to,
            startTime: input.startTime,
            endTime: input.endTime,
            reason,
            cancelled,
            moved,
            slots: fresh.slotIds.length,
          },
        },
      }),
    );

    try {
      const [first, ...rest] = statements;
      await db.batch([first!, ...rest]);
    } catch (e) {
      // Only a path that skipped the locks can get here: the guarantee refused; nothing was written.
      if (isClosedRefusal(e) || isUniqueRefusal(e) || isHeldRefusal(e) || isRangeRefusal(e)) {
        const again = await readWindow(env, db, input, now, pitches);
        throw conflict(closureMsg.changed, { preview: again.preview });
      }
      throw e;
    }
    // The window's waitlist entries end now; their holders hear it (docs/behaviour.md#waitlist).
    const ended = await endEntriesForSlots(env, fresh.slotIds, now);
    for (const r of ended.released) addRange(changed, r.facilityId, r.from, r.to);
    ctx?.waitUntil(ended.notify().catch(() => 0));
    return { value: { closureDoc, outcomes }, changed };
  });

  const [closure] = await closuresWhere(db, eq(closures.documentId, result.closureDoc), 1);
  const siteName = await siteNameOf(db);
  const rules = await storedRules(db, now);
  const messages: HolderMessage[] = [];
  const outcomes: ClosureOutcomeWire[] = result.outcomes.map(({ hit, move }) => {
    const movedTo = move
      ? {
          facility: { slug: move.facility_slug, name: move.facility_name },
          date: move.date,
          startTime: move.start_time,
          endTime: move.end_time,
          startsAt: new Date(move.starts_at).toISOString(),
        }
      : null;
    const where = move
      ? {
          facilityName: move.facility_name,
          date: move.date,
          startTime: move.start_time,
          endTime: move.end_time,
          startsAt: move.starts_at,
        }
      : null;
    messages.push({
      bookingId: hit.id,
      documentId: hit.document_id,
      kind: move ? 'moved' : 'closed',
      facts: {
        ...(where ?? {
          facilityName: hit.facility_name,
          date: hit.date,
          startTime: hit.start_time,
          endTime: hit.end_time,
          startsAt: hit.starts_at,
        }),
        duration: hit.duration,
        closure: reasonText(input.reason, input.note),
      },
    });
    return {
      hit: hitToWire(hit, rules.depositKeepHours, now),
      action: move ? 'move' : 'cancel',
      movedTo,
      whatsappUrl:
        hit.customer_phone && !hit.customer_phone.startsWith('#')
          ? whatsappHref(hit.customer_phone, whatsappText(hit, input.reason, input.note, where, siteName))
          : null,
    };
  });
  const vapid = vapidKeysOf(env);
  if (vapid && messages.length > 0) {
    const push = sendToHolders(db, vapid, messages, now).catch(() => 0);
    if (ctx) ctx.waitUntil(push);
    else await push;
  }
  return { closure: closureToWire(closure!), outcomes };
}

async function siteNameOf(db: Db): Promise<string> {
  const row = await db.get<{ site_name: string | null }>(sql`select site_name from site_settings limit 1`);
  return row?.site_name ?? 'Halı Saha';
}

// ---------- the list and lifting ----------

function closureToWire(r: Awaited<ReturnType<typeof closuresWhere>>[number]): ClosureWire {
  const c = r.closure;
  return {
    documentId: c.documentId,
    window: { facilities: r.facilities, from: c.fromDate, to: c.toDate, startTime: c.startTime, endTime: c.endTime },
    reason: c.reason,
    note: c.note,
    slotCount: r.slotCount,
    cancelledCount: c.cancelledCount,
    movedCount: c.movedCount,
    createdBy: c.createdByName,
    createdAt: new Date(c.createdAt).toISOString(),
    liftedBy: c.liftedByName,
    liftedAt: c.liftedAt === null ? null : new Date(c.liftedAt).toISOString(),
  };
}

/** GET /api/closures?scope=current|past: current = not lifted and not wholly past; past = the rest, newest first. */
export async function listClosures(
  env: Env,
  scope: 'current' | 'past',
  now: number,
): Promise<{ items: ClosureWire[] }> {
  const db = getDb(env.DB);
  const edge = addDays(istanbulToday(now), -1);
  const where: SQL =
    scope === 'current'
      ? sql`${closures.liftedAt} is null and ${closures.toDate} >= ${edge}`
      : sql`(${closures.liftedAt} is not null or ${closures.toDate} < ${edge})`;
  return { items: (await closuresWhere(db, where)).map(closureToWire) };
}

/**
 * DELETE /api/closures/:documentId: lifts it under its pitches' locks. Its slots still ahead reopen unless another live
 * closure covers them; the bookings it cancelled stay cancelled and the waitlist entries it ended stay ended.
 */
export async function liftClosure(env: Env, documentId: string, actor: PublicUser, now: number): Promise<ClosureWire> {
  const db = getDb(env.DB);
  const [found] = await closuresWhere(db, eq(closures.documentId, documentId), 1);
  if (!found) throw notFound(closureMsg.notFound);
  if (found.closure.liftedAt !== null) throw conflict(closureMsg.alreadyLifted);
  await underLocks(env, found.facilityIds, async () => {
    // Read again under the locks: a lift that ran meanwhile leaves nothing to do.
    const now2 = await db
      .select({ liftedAt: closures.liftedAt })
      .from(closures)
      .where(eq(closures.id, found.closure.id))
      .get();
    if (now2?.liftedAt !== null) throw conflict(closureMsg.alreadyLifted);
    const reopening = await db.all<{ facility_id: number; starts_at: number; ends_at: number }>(
      sql`select facility_id, starts_at, ends_at from booking_slots where closure_id = ${found.closure.id}
        and starts_at > ${now} order by facility_id, starts_at`,
    );
    const c = found.closure;
    const [lifted] = await db.batch([
      db
        .update(closures)
        .set({ liftedAt: now, liftedById: actor.id, liftedByName: actorName(actor) })
        .where(and(eq(closures.id, c.id), sql`${closures.liftedAt} is null`))
        .returning({ id: closures.id }),
      recordAudit(
        db,
        {
          at: now,
          actor,
          entityId: c.documentId,
          event: {
            kind: 'closure.lift',
            label: found.facilities.map((f) => f.name).join(', '),
            facts: {
              startDate: c.fromDate,
              endDate: c.toDate,
              startTime: c.startTime,
              endTime: c.endTime,
              reason: c.reason,
              reopened: reopening.length,
            },
          },
        },
        { whenChanged: true },
      ),
      reopenSlots(db, c.id, now),
    ]);
    if (lifted.length === 0) throw conflict(closureMsg.alreadyLifted);
    return { value: null, changed: rangesOf(reopening) };
  });
  const [after] = await closuresWhere(db, eq(closures.documentId, documentId), 1);
  return closureToWire(after!);
}

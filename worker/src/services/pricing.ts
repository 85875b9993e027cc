// Fiyatlandırma: a pitch's price rules, saved as one set, and the re-pricing of its free slots. The engine
// that turns rules into a slot's price is contracts/pricing.ts, the same one the panel's preview runs.
import type { PublicUser } from '../../../contracts/auth';
import { msg } from '../../../contracts/messages';
import { type PriceRuleLike, priceFor } from '../../../contracts/pricing';
import {
  type PriceRuleInput,
  type PriceRulesWire,
  type PriceRuleWire,
  pricingMsg,
  type RepriceResultWire,
} from '../../../contracts/pricing-form';
import { recordAudit } from '../db/audit';
import type { Db } from '../db/client';
import { newContentVersion } from '../db/content';
import type { FacilityRow } from '../db/facilities';
import {
  bookedSlotsAhead,
  freeSlotsAhead,
  type NewPriceRule,
  type PriceRuleRow,
  replaceRules,
  rulesOf,
  setSlotPrices,
} from '../db/price-rules';
import { badRequest, notFound, unwrap } from '../lib/errors';
import { toKurus, toTl } from '../lib/money';
import { addDays, istanbulToday } from '../lib/time';
import { findFacilityRow } from './facilities';
import { facilityStub } from './facility-ref';

/** Re-pricing reaches as far as generation does: today … today + 3 months (behaviour.md#slots). */
const REPRICE_WINDOW_DAYS = 92;

const toRuleWire = (r: PriceRuleRow): PriceRuleWire => ({
  id: r.id,
  name: r.name,
  isActive: r.isActive,
  days: r.days,
  dateFrom: r.dateFrom,
  dateTo: r.dateTo,
  startTime: r.startTime,
  endTime: r.endTime,
  adjustment: r.adjustment,
  amount: r.adjustment === 'fixed' ? toTl(r.amount) : r.amount,
  priority: r.priority,
  note: r.note,
});

const toRuleRow = (r: PriceRuleInput): NewPriceRule => ({
  name: r.name,
  isActive: r.isActive,
  days: r.days,
  dateFrom: r.dateFrom,
  dateTo: r.dateTo,
  startTime: r.startTime,
  endTime: r.endTime,
  adjustment: r.adjustment,
  amount: r.adjustment === 'fixed' ? toKurus(r.amount) : r.amount,
  priority: r.priority,
  note: r.note,
});

async function facilityByRef(db: Db, ref: string): Promise<FacilityRow> {
  const f = await findFacilityRow(db, ref);
  if (!f) throw notFound(msg.facilityNotFound);
  return f;
}

function toWire(f: FacilityRow, rules: PriceRuleRow[]): PriceRulesWire {
  return {
    facility: {
      id: f.id,
      documentId: f.documentId,
      name: f.name,
      hourlyPrice: toTl(f.hourlyPrice),
      workingHours: f.workingHours,
      bookingTimeType: f.bookingTimeType,
      startTimeOffset: f.startTimeOffset,
    },
    rules: rules.map(toRuleWire),
  };
}

export async function readPriceRules(db: Db, ref: string): Promise<PriceRulesWire> {
  const f = await facilityByRef(db, ref);
  return toWire(f, await rulesOf(db, f.id));
}

/**
 * Replaces the pitch's rules with the set sent, in its order. Slots already generated keep their prices until staff
 * re-price them (`applyPriceRules`); slots generated from now on are priced by the new set.
 */
export async function savePriceRules(
  db: Db,
  ref: string,
  rules: PriceRuleInput[],
  actor: PublicUser,
): Promise<PriceRulesWire> {
  const f = await facilityByRef(db, ref);
  const before = await rulesOf(db, f.id);
  const now = Date.now();
  // The audit row names the rules before and after; it lands with the save or not at all.
  const audit = recordAudit(db, {
    at: now,
    actor,
    entityId: String(f.id),
    event: { kind: 'price_rule.update', label: f.name, facts: { before: before.map(toRuleWire), after: rules } },
  });
  await replaceRules(db, f.id, rules.map(toRuleRow), now, audit);
  return toWire(f, await rulesOf(db, f.id));
}

export interface RepriceResult {
  repriced: number;
  unchanged: number;
  skippedBooked: number;
}

/**
 * Sets each free slot of [from, to] still ahead to the price the rules give it now. Booked slots keep their price (a
 * booking was made at it) and past slots are history. Runs inside the pitch's Durable Object, serialised with bookings;
 * the audit row is written in the prices' own batch, so a failed re-pricing records nothing.
 */
export async function repriceFreeSlots(
  db: Db,
  f: Pick<FacilityRow, 'id' | 'name' | 'hourlyPrice'>,
  rules: readonly PriceRuleLike[],
  from: string,
  to: string,
  now: number,
  actor: PublicUser | null = null,
): Promise<RepriceResult> {
  const [free, skippedBooked] = await Promise.all([
    freeSlotsAhead(db, f.id, from, to, now),
    bookedSlotsAhead(db, f.id, from, to, now),
  ]);
  const changes = free
    .map((s) => ({ id: s.id, price: priceFor(f.hourlyPrice, rules, s.date, s.startTime).price, was: s.price }))
    .filter((c) => c.price !== c.was);
  const result = { repriced: changes.length, unchanged: free.length - changes.length, skippedBooked };
  const audit = recordAudit(db, {
    at: now,
    actor,
    entityId: String(f.id),
    event: { kind: 'slots.reprice', label: f.name, facts: { startDate: from, endDate: to, ...result } },
  });
  // The pitch page's price range reads the slots: new prices are a new content version (the edge cache's key).
  await setSlotPrices(db, changes, changes.length > 0 ? [audit, newContentVersion(db)] : [audit]);
  return result;
}

export async function applyPriceRules(
  env: Env,
  db: Db,
  ref: string,
  input: { startDate: string; endDate: string },
  actor: PublicUser,
): Promise<RepriceResultWire> {
  const today = istanbulToday();
  if (input.startDate < today || input.endDate > addDays(today, REPRICE_WINDOW_DAYS)) {
    throw badRequest(pricingMsg.repriceRange, { errors: [{ path: ['endDate'], message: pricingMsg.repriceRange }] });
  }
  const f = await facilityByRef(db, ref);
  const result = unwrap(await facilityStub(env, f.id).repriceSlots(f.id, input.startDate, input.endDate, actor));
  return {
    facilityName: f.name,
    ...result,
    message:
      `${f.name} için ${result.repriced} slotun fiyatı güncellendi, ${result.unchanged} slot zaten günceldi` +
      (result.skippedBooked > 0 ? `, dolu ${result.skippedBooked} slotun fiyatı korundu.` : '.'),
  };
}

// The stored customers offered while staff type a name or a phone in the new-booking form (behaviour.md#bookings
// 'Staff bookings'): at most 8, by the start of the name (customer_stats_name) or of the phone (the customers' unique
// phone index), each an index range, so the answer costs the same at 100 or 1,000,000 customers.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { warningLevel } from '../../../contracts/customer-risk';
import { foldSearch } from '../../../contracts/search';
import { type CustomerSuggestion, SUGGEST_LIMIT } from '../../../contracts/staff-booking';
import type { Db } from '../db/client';
import { customerStats, customers } from '../db/schema';

/** The phone prefix staff typed, in the stored form (05…): '532 1' → '05321', '+90 532' → '0532'; null for a name. */
export function phonePrefixOf(q: string): string | null {
  const compact = q.replace(/[\s()+-]/g, '');
  if (!/^\d+$/.test(compact)) return null;
  const national = compact.replace(/^90(?=5)/, '');
  return national.startsWith('0') ? national : `0${national}`;
}

/** After every string starting with `prefix` ('05' → '06', 'ay' → 'az'): the range's open end. */
const after = (prefix: string) => prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

export async function suggestCustomers(db: Db, q: string): Promise<CustomerSuggestion[]> {
  const phone = phonePrefixOf(q);
  const range = phone
    ? and(gte(customers.phone, phone), lt(customers.phone, after(phone)))
    : and(gte(customerStats.nameKey, foldSearch(q)), lt(customerStats.nameKey, after(foldSearch(q))));
  const rows = await db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      isSubscriber: customerStats.isSubscriber,
      consecutive: customerStats.consecutiveCancellations,
    })
    .from(customers)
    .innerJoin(customerStats, eq(customerStats.customerId, customers.id))
    // An erased customer's phone starts with '#': never offered.
    .where(and(range, sql`substr(${customers.phone}, 1, 1) <> '#'`))
    .orderBy(phone ? asc(customers.phone) : asc(customerStats.nameKey))
    .limit(SUGGEST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    name: r.name ?? '',
    phone: r.phone,
    isSubscriber: r.isSubscriber,
    warningLevel: warningLevel(r.consecutive),
  }));
}

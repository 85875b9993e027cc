// Helpers the subscription tests share: a pitch with a month of slots, a staff token, and the calls.
import { env } from 'cloudflare:workers';
import { weekdayIndex } from '../../contracts/dates';
import { addDays, api, createFacility, createSlots, createStaff, istanbulToday, tokenFor } from './fixtures';

export const WEEKDAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const dayOf = (date: string) => WEEKDAY[weekdayIndex(date)];
export const TR_DAY = ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'] as const;
export const trDayOf = (date: string) => TR_DAY[weekdayIndex(date)];

/** The four weekly dates from tomorrow: the first week of every test subscription. */
export const weeksFrom = (first: string, n = 4) => Array.from({ length: n }, (_, i) => addDays(first, 7 * i));
export const tomorrow = () => addDays(istanbulToday(), 1);

export async function pitchWithMonth(opts: { pickup?: boolean } = {}) {
  const f = await createFacility({}, opts);
  await createSlots(f, 0, 30);
  return f;
}

export async function staffToken(role: 'admin' | 'manager' = 'manager') {
  const user = await createStaff(role);
  return { user, token: await tokenFor(user, role) };
}

export function subscribe(token: string | undefined, json: Record<string, unknown>) {
  return api('/api/bookings/create-subscription', { method: 'POST', token, json });
}

export function request(
  f: { documentId: string },
  phone: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  const start = tomorrow();
  return {
    customerName: 'Abone Ali Veli',
    customerPhone: phone,
    facility: f.documentId,
    dayOfWeek: dayOf(start),
    timeSlot: '20:00',
    startDate: start,
    weekCount: 4,
    ...extra,
  };
}

export async function rows<T = Record<string, any>>(query: string, ...binds: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(query)
      .bind(...binds)
      .all<T>()
  ).results;
}

export async function liveOnSlot(slotId: number) {
  return (
    await rows<{ n: number }>(
      "select count(*) as n from bookings where slot_id = ? and status in ('pending', 'approved')",
      slotId,
    )
  )[0].n;
}

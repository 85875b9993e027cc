// Seed SQL the panel benches share (bench:panel, bench:customers, bench:growth): the pitches and their working hours,
// the customer names, the booking-number expression, the bulk bookings and the calendar week's slots. Everything is
// generated inside SQLite with recursive CTEs (a few hundred bytes of SQL instead of tens of megabytes) and goes in
// through `wrangler d1 execute --file` on the local D1 (scripts/lib/local-server.ts), so every trigger runs: the search
// keys (0002), the customer stats (0006) and the dashboard and list summaries (0007, 0008) are what the API would keep.
import { newDocumentId } from '../../worker/src/lib/ids';
import { addDays, istanbulToday } from '../../worker/src/lib/time';

/** A string as a quoted SQL literal. */
export const q = (v: string) => `'${v.replace(/'/g, "''")}'`;

const DAY_OPEN = { isOpen: true, start: '09:00', end: '00:00' };
const HOURS = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, DAY_OPEN]),
);

/** Pitches 1…count, slugs bench-saha-1…, open 09:00–24:00 every day. */
export function facilitiesSql(count: number): string {
  return Array.from(
    { length: count },
    (_, i) =>
      `insert into facilities (id, document_id, slug, name, hourly_price, deposit_amount, working_hours) values (${i + 1}, ${q(newDocumentId())}, 'bench-saha-${i + 1}', 'Bench Saha ${i + 1}', 150000, 30000, ${q(JSON.stringify(HOURS))});`,
  ).join('\n');
}

/** Customer names with Turkish letters (the search folds them: 'isik' finds 'Işık'). */
export const NAMES = [
  'Ahmet Yılmaz',
  'Ayşe Kaya',
  'Mehmet Öztürk',
  'Işık Çelik',
  'Şule Demir',
  'Can Güneş',
  'Ümit Aydın',
  'Gökhan Şahin',
  'Elif Arslan',
  'Burak Doğan',
  'Zeynep Koç',
  'Emre Kurt',
];

/** The name NAMES[expr % 12] as an SQL expression. */
export const nameSql = (expr: string) =>
  `case (${expr}) % ${NAMES.length} ${NAMES.map((n, i) => `when ${i} then ${q(n)}`).join(' ')} end`;

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const DIGITS = [1_048_576, 32_768, 1_024, 32, 1];

/** Booking n's number, HSR + five letters + BNCH, as an SQL expression (unique up to 32⁵ ≈ 33 million). */
export const bookingNumberSql = (n: string) =>
  `'HSR' || ${DIGITS.map((d) => `substr('${LETTERS}', 1 + ((${n}) / ${d}) % 32, 1)`).join(' || ')} || 'BNCH'`;

/** The same number computed here, for the benches that look bookings up by it. */
export const bookingNumberOf = (n: number) => `HSR${DIGITS.map((d) => LETTERS[Math.floor(n / d) % 32]).join('')}BNCH`;

/** Phone 05 + nine digits spread over the number space, as an SQL expression. */
export const phoneSql = (expr: string) => `'05' || printf('%09d', (${expr}) * 7919 % 1000000000)`;

/**
 * The panel benches' bookings: slot dates from today − 600 to today + 129 days, hours 09–23, created 0–30 days before
 * the slot. Pitch and status vary independently of the date (a spread of n, not n modulo a divisor of 730), so every
 * pitch has bookings of every status on most days, as a real two years would give the summary tables; every 7th
 * booking has the shuttle, every 13th is a subscriber's.
 */
export function panelBookingsSql(opts: { bookings: number; facilities: number; now?: number }): string {
  const today = istanbulToday();
  const now = opts.now ?? Date.now();
  return `
    with recursive seq(n) as (select 1 union all select n + 1 from seq where n < ${opts.bookings})
    insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
      starts_at, slot_price, includes_transportation, transportation_price, status, payment_status, total_price, deposit_amount,
      is_subscriber, created_at, updated_at)
    select 'bench-' || n, ${bookingNumberSql('n')},
      1 + (n / 730) % ${opts.facilities},
      ${nameSql('n')},
      ${phoneSql('n')},
      d, printf('%02d:00', h), printf('%02d:00', h + 1),
      (cast(julianday(d) - 2440587.5 as integer) * 86400 + (h - 3) * 3600) * 1000,
      150000, n % 7 = 0, case when n % 7 = 0 then 5000 else 0 end,
      case when s < 5 then 'approved' when s < 7 then 'pending' when s = 7 then 'rejected' when s = 8 then 'cancelled' else 'expired' end,
      case when s < 5 then 'paid' else 'pending' end,
      150000 + case when n % 7 = 0 then 5000 else 0 end, 30000,
      n % 13 = 0,
      min((cast(julianday(d) - 2440587.5 as integer) * 86400 - (n % 30) * 86400) * 1000 + n, ${now} - n),
      min((cast(julianday(d) - 2440587.5 as integer) * 86400) * 1000, ${now})
    from (select n, date(${q(today)}, printf('%+d days', (n * 37) % 730 - 600)) as d, 9 + n % 15 as h,
      ((n * 1103515245 + 12345) / 65536) % 10 as s from seq);`;
}

/**
 * The desk's pitch 'bench-masa' (id `id`, after the bulk pitches, so the bulk bookings never land on it): today's 15
 * hours (09–23) booked and approved, whatever the size of the rest. Bugün and Gün Sonu are measured on it, so every
 * size reads the same day while the tables around it grow (the bulk pitches' days fill up as the sizes grow).
 * Insert it before panelPaymentsSql: its bookings take payment rows like the others.
 */
export function deskDaySql(id: number): string {
  const today = istanbulToday();
  const start = (h: string) =>
    `(cast(julianday(${q(today)}) - 2440587.5 as integer) * 86400 + (${h} - 3) * 3600) * 1000`;
  return `
    insert into facilities (id, document_id, slug, name, hourly_price, deposit_amount, working_hours)
      values (${id}, ${q(newDocumentId())}, 'bench-masa', 'Bench Masa', 150000, 30000, ${q(JSON.stringify(HOURS))});
    with recursive hours(h) as (select 9 union all select h + 1 from hours where h < 23)
    insert into bookings (document_id, booking_number, facility_id, customer_name, customer_phone, date, start_time, end_time,
      starts_at, slot_price, includes_transportation, transportation_price, status, payment_status, total_price, deposit_amount,
      is_subscriber, created_at, updated_at)
    select 'bench-desk-' || h, ${bookingNumberSql('33000000 + h')}, ${id}, ${nameSql('h')}, ${phoneSql('33000000 + h')},
      ${q(today)}, printf('%02d:00', h), printf('%02d:00', (h + 1) % 24), ${start('h')}, 150000, 0, 0, 'approved', 'pending',
      150000, 30000, 0, ${start('h')} - 86400000, ${start('h')} - 86400000
    from hours;`;
}

/**
 * Payment rows for the bookings above, as the desk records them (the payments_booking trigger derives each booking's
 * payment status and collected money): every other approved booking's kapora by transfer two days before its start,
 * and every fourth one's balance in cash an hour after it, so a pitch's day holds about as many rows at every size.
 */
export function panelPaymentsSql(): string {
  const row = (kind: string, amount: string, method: string, at: string, where: string) => `
    insert into payments (document_id, booking_id, facility_id, kind, amount, method, at, staff_user_id, staff_name, created_at)
    select 'bench-${kind}-' || id, id, facility_id, '${kind}', ${amount}, '${method}', ${at}, null, 'Bench Kasa', ${at}
    from bookings where document_id like 'bench-%' and status = 'approved' and ${where};`;
  return [
    row('deposit', 'deposit_amount', 'transfer', 'starts_at - 172800000', 'id % 2 = 0'),
    row('balance', 'total_price - deposit_amount', 'cash', 'starts_at + 3600000', 'id % 4 = 0'),
  ].join('\n');
}

/** The Monday-to-Sunday week around today (Istanbul): the range the panel's weekly calendar asks for. */
export function calendarWeek(): { from: string; to: string } {
  const today = istanbulToday();
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  const from = addDays(today, -weekday);
  return { from, to: addDays(from, 6) };
}

/**
 * The calendar week on pitch 1: a slot an hour from 09 to 23, each holding one of the bookings above that is live at
 * that hour, as the public create would have linked it. Public slots-by-day and the weekly calendar read these.
 */
export function calendarSlotsSql(): string {
  const monday = calendarWeek().from;
  const day = `date(${q(monday)}, printf('+%d days', i))`;
  const instant = (hoursAfterMidnightUtc: string) =>
    `(cast(julianday(${day}) - 2440587.5 as integer) * 86400 + (${hoursAfterMidnightUtc}) * 3600) * 1000`;
  return `
    with recursive days(i) as (select 0 union all select i + 1 from days where i < 6),
      hours(h) as (select 9 union all select h + 1 from hours where h < 23)
    insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price)
    select 'bench-slot-' || i || '-' || h, 1, ${day}, printf('%02d:00', h), printf('%02d:00', (h + 1) % 24),
      ${instant('h - 3')}, ${instant('h - 2')}, 150000
    from days, hours;
    update bookings set slot_id = (select s.id from booking_slots s where s.facility_id = bookings.facility_id
        and s.date = bookings.date and s.start_time = bookings.start_time)
      where id in (select min(b.id) from bookings b join booking_slots s on s.facility_id = b.facility_id
        and s.date = b.date and s.start_time = b.start_time where b.status in ('pending', 'approved') group by s.id);`;
}

/** The business day 'Boş saat bul' is measured on: a week after the calendar week, inside the booking horizon. */
export const searchDay = () => addDays(istanbulToday(), 8);

/**
 * 'Boş saat bul' (bench:growth): a slot an hour from 09 to 23 on searchDay() for pitches 1…`facilities`, each holding
 * one of the bulk bookings live at that hour as the public create would have linked it, so the search reads a real
 * mix of free and held starts on every pitch.
 */
export function searchDaySlotsSql(facilities: number): string {
  const day = q(searchDay());
  const instant = (hoursAfterMidnightUtc: string) =>
    `(cast(julianday(${day}) - 2440587.5 as integer) * 86400 + (${hoursAfterMidnightUtc}) * 3600) * 1000`;
  return `
    with recursive pitches(f) as (select 1 union all select f + 1 from pitches where f < ${facilities}),
      hours(h) as (select 9 union all select h + 1 from hours where h < 23)
    insert into booking_slots (document_id, facility_id, date, start_time, end_time, starts_at, ends_at, price)
    select 'bench-search-' || f || '-' || h, f, ${day}, printf('%02d:00', h), printf('%02d:00', (h + 1) % 24),
      ${instant('h - 3')}, ${instant('h - 2')}, 150000
    from pitches, hours;
    update bookings set slot_id = (select s.id from booking_slots s where s.facility_id = bookings.facility_id
        and s.date = bookings.date and s.start_time = bookings.start_time)
      where id in (select min(b.id) from bookings b join booking_slots s on s.facility_id = b.facility_id
        and s.date = b.date and s.start_time = b.start_time
        where b.date = ${day} and b.status in ('pending', 'approved') group by s.id);`;
}

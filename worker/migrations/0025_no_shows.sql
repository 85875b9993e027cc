ALTER TABLE `customer_stats` ADD `no_show_bookings` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- No-shows in the customer's figures (docs/behaviour.md#states-and-transitions 'Customer warning level'). Staff mark an
-- approved booking whose start has passed 'Geldi' (played) or 'Gelmedi' (no_show); the triggers of migration 0022 are
-- rewritten here with:
-- - no_show_bookings: approved bookings marked no_show; played_bookings no longer counts them (they did not play).
-- - consecutive_cancellations: the run at the end of the customer's bookings by play time now weighs a no-show 2 and a
--   cancellation 1. A booking marked played, or approved and past without a mark, ends the run as before; rejected and
--   expired end it too; a booking still ahead neither counts nor ends it; a cancel for a deleted pitch is skipped.
-- - the update trigger also fires when the attendance mark changes.
-- No booking had a mark before this migration, so the stored figures need no recomputation here.
DROP TRIGGER `customer_stats_booking_insert`;--> statement-breakpoint
DROP TRIGGER `customer_stats_booking_update`;--> statement-breakpoint
DROP TRIGGER `customer_stats_booking_phone_change`;--> statement-breakpoint
DROP TRIGGER `customer_stats_booking_delete`;--> statement-breakpoint
DROP TRIGGER `customer_stats_customer_insert`;--> statement-breakpoint
DROP TRIGGER `customer_stats_customer_update`;--> statement-breakpoint
DROP TRIGGER `customer_stats_refresh`;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage, played_bookings, planned_spent, next_change_at, no_show_bookings)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select coalesce(sum(case when b.status = 'approved' then 2 else 1 end), 0) from bookings b where b.customer_phone = c.phone
      and ((+b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi') or (+b.status = 'approved' and b.attendance IS 'no_show'))
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'
        and (b2.status <> 'approved' or b2.attendance IS NOT 'no_show')
        and (b2.status not in ('pending', 'approved') or b2.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}'),
    coalesce(a.played, 0), coalesce(a.planned, 0), a.next_change, coalesce(a.no_show, 0)
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.date end) as last_actual,
      sum(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as spent,
      sum(case when b.status = 'approved' and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as planned,
      sum(b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) and b.attendance IS NOT 'no_show') as played,
      sum(b.status = 'approved' and b.attendance IS 'no_show') as no_show,
      min(case when b.status in ('pending', 'approved') and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.starts_at end) as next_change
    from bookings b where b.customer_phone = NEW.customer_phone group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE c.phone = NEW.customer_phone
  ON CONFLICT (customer_id) DO UPDATE SET
    name_key = excluded.name_key,
    search_key = excluded.search_key,
    is_subscriber = excluded.is_subscriber,
    total_bookings = excluded.total_bookings,
    approved_bookings = excluded.approved_bookings,
    cancelled_bookings = excluded.cancelled_bookings,
    pending_bookings = excluded.pending_bookings,
    rejected_bookings = excluded.rejected_bookings,
    expired_bookings = excluded.expired_bookings,
    transportation_bookings = excluded.transportation_bookings,
    consecutive_cancellations = excluded.consecutive_cancellations,
    cancellation_rate = excluded.cancellation_rate,
    approval_rate = excluded.approval_rate,
    first_booking_date = excluded.first_booking_date,
    last_booking_date = excluded.last_booking_date,
    last_actual_booking_date = excluded.last_actual_booking_date,
    favorite_facility_id = excluded.favorite_facility_id,
    favorite_day = excluded.favorite_day,
    favorite_hour = excluded.favorite_hour,
    total_spent = excluded.total_spent,
    facility_usage = excluded.facility_usage,
    played_bookings = excluded.played_bookings,
    planned_spent = excluded.planned_spent,
    next_change_at = excluded.next_change_at,
    no_show_bookings = excluded.no_show_bookings;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_update` AFTER UPDATE OF `status`, `customer_phone`, `facility_id`, `date`, `start_time`, `starts_at`, `total_price`, `includes_transportation`, `cancellation_reason`, `attendance` ON `bookings` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage, played_bookings, planned_spent, next_change_at, no_show_bookings)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select coalesce(sum(case when b.status = 'approved' then 2 else 1 end), 0) from bookings b where b.customer_phone = c.phone
      and ((+b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi') or (+b.status = 'approved' and b.attendance IS 'no_show'))
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'
        and (b2.status <> 'approved' or b2.attendance IS NOT 'no_show')
        and (b2.status not in ('pending', 'approved') or b2.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}'),
    coalesce(a.played, 0), coalesce(a.planned, 0), a.next_change, coalesce(a.no_show, 0)
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.date end) as last_actual,
      sum(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as spent,
      sum(case when b.status = 'approved' and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as planned,
      sum(b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) and b.attendance IS NOT 'no_show') as played,
      sum(b.status = 'approved' and b.attendance IS 'no_show') as no_show,
      min(case when b.status in ('pending', 'approved') and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.starts_at end) as next_change
    from bookings b where b.customer_phone = NEW.customer_phone group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE c.phone = NEW.customer_phone
  ON CONFLICT (customer_id) DO UPDATE SET
    name_key = excluded.name_key,
    search_key = excluded.search_key,
    is_subscriber = excluded.is_subscriber,
    total_bookings = excluded.total_bookings,
    approved_bookings = excluded.approved_bookings,
    cancelled_bookings = excluded.cancelled_bookings,
    pending_bookings = excluded.pending_bookings,
    rejected_bookings = excluded.rejected_bookings,
    expired_bookings = excluded.expired_bookings,
    transportation_bookings = excluded.transportation_bookings,
    consecutive_cancellations = excluded.consecutive_cancellations,
    cancellation_rate = excluded.cancellation_rate,
    approval_rate = excluded.approval_rate,
    first_booking_date = excluded.first_booking_date,
    last_booking_date = excluded.last_booking_date,
    last_actual_booking_date = excluded.last_actual_booking_date,
    favorite_facility_id = excluded.favorite_facility_id,
    favorite_day = excluded.favorite_day,
    favorite_hour = excluded.favorite_hour,
    total_spent = excluded.total_spent,
    facility_usage = excluded.facility_usage,
    played_bookings = excluded.played_bookings,
    planned_spent = excluded.planned_spent,
    next_change_at = excluded.next_change_at,
    no_show_bookings = excluded.no_show_bookings;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_phone_change` AFTER UPDATE OF `customer_phone` ON `bookings` WHEN OLD.customer_phone <> NEW.customer_phone BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage, played_bookings, planned_spent, next_change_at, no_show_bookings)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select coalesce(sum(case when b.status = 'approved' then 2 else 1 end), 0) from bookings b where b.customer_phone = c.phone
      and ((+b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi') or (+b.status = 'approved' and b.attendance IS 'no_show'))
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'
        and (b2.status <> 'approved' or b2.attendance IS NOT 'no_show')
        and (b2.status not in ('pending', 'approved') or b2.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}'),
    coalesce(a.played, 0), coalesce(a.planned, 0), a.next_change, coalesce(a.no_show, 0)
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.date end) as last_actual,
      sum(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as spent,
      sum(case when b.status = 'approved' and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as planned,
      sum(b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) and b.attendance IS NOT 'no_show') as played,
      sum(b.status = 'approved' and b.attendance IS 'no_show') as no_show,
      min(case when b.status in ('pending', 'approved') and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.starts_at end) as next_change
    from bookings b where b.customer_phone = OLD.customer_phone group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE c.phone = OLD.customer_phone
  ON CONFLICT (customer_id) DO UPDATE SET
    name_key = excluded.name_key,
    search_key = excluded.search_key,
    is_subscriber = excluded.is_subscriber,
    total_bookings = excluded.total_bookings,
    approved_bookings = excluded.approved_bookings,
    cancelled_bookings = excluded.cancelled_bookings,
    pending_bookings = excluded.pending_bookings,
    rejected_bookings = excluded.rejected_bookings,
    expired_bookings = excluded.expired_bookings,
    transportation_bookings = excluded.transportation_bookings,
    consecutive_cancellations = excluded.consecutive_cancellations,
    cancellation_rate = excluded.cancellation_rate,
    approval_rate = excluded.approval_rate,
    first_booking_date = excluded.first_booking_date,
    last_booking_date = excluded.last_booking_date,
    last_actual_booking_date = excluded.last_actual_booking_date,
    favorite_facility_id = excluded.favorite_facility_id,
    favorite_day = excluded.favorite_day,
    favorite_hour = excluded.favorite_hour,
    total_spent = excluded.total_spent,
    facility_usage = excluded.facility_usage,
    played_bookings = excluded.played_bookings,
    planned_spent = excluded.planned_spent,
    next_change_at = excluded.next_change_at,
    no_show_bookings = excluded.no_show_bookings;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_delete` AFTER DELETE ON `bookings` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage, played_bookings, planned_spent, next_change_at, no_show_bookings)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select coalesce(sum(case when b.status = 'approved' then 2 else 1 end), 0) from bookings b where b.customer_phone = c.phone
      and ((+b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi') or (+b.status = 'approved' and b.attendance IS 'no_show'))
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'
        and (b2.status <> 'approved' or b2.attendance IS NOT 'no_show')
        and (b2.status not in ('pending', 'approved') or b2.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}'),
    coalesce(a.played, 0), coalesce(a.planned, 0), a.next_change, coalesce(a.no_show, 0)
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.date end) as last_actual,
      sum(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as spent,
      sum(case when b.status = 'approved' and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as planned,
      sum(b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) and b.attendance IS NOT 'no_show') as played,
      sum(b.status = 'approved' and b.attendance IS 'no_show') as no_show,
      min(case when b.status in ('pending', 'approved') and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.starts_at end) as next_change
    from bookings b where b.customer_phone = OLD.customer_phone group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE c.phone = OLD.customer_phone
  ON CONFLICT (customer_id) DO UPDATE SET
    name_key = excluded.name_key,
    search_key = excluded.search_key,
    is_subscriber = excluded.is_subscriber,
    total_bookings = excluded.total_bookings,
    approved_bookings = excluded.approved_bookings,
    cancelled_bookings = excluded.cancelled_bookings,
    pending_bookings = excluded.pending_bookings,
    rejected_bookings = excluded.rejected_bookings,
    expired_bookings = excluded.expired_bookings,
    transportation_bookings = excluded.transportation_bookings,
    consecutive_cancellations = excluded.consecutive_cancellations,
    cancellation_rate = excluded.cancellation_rate,
    approval_rate = excluded.approval_rate,
    first_booking_date = excluded.first_booking_date,
    last_booking_date = excluded.last_booking_date,
    last_actual_booking_date = excluded.last_actual_booking_date,
    favorite_facility_id = excluded.favorite_facility_id,
    favorite_day = excluded.favorite_day,
    favorite_hour = excluded.favorite_hour,
    total_spent = excluded.total_spent,
    facility_usage = excluded.facility_usage,
    played_bookings = excluded.played_bookings,
    planned_spent = excluded.planned_spent,
    next_change_at = excluded.next_change_at,
    no_show_bookings = excluded.no_show_bookings;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_customer_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage, played_bookings, planned_spent, next_change_at, no_show_bookings)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select coalesce(sum(case when b.status = 'approved' then 2 else 1 end), 0) from bookings b where b.customer_phone = c.phone
      and ((+b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi') or (+b.status = 'approved' and b.attendance IS 'no_show'))
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'
        and (b2.status <> 'approved' or b2.attendance IS NOT 'no_show')
        and (b2.status not in ('pending', 'approved') or b2.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}'),
    coalesce(a.played, 0), coalesce(a.planned, 0), a.next_change, coalesce(a.no_show, 0)
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.date end) as last_actual,
      sum(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as spent,
      sum(case when b.status = 'approved' and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as planned,
      sum(b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) and b.attendance IS NOT 'no_show') as played,
      sum(b.status = 'approved' and b.attendance IS 'no_show') as no_show,
      min(case when b.status in ('pending', 'approved') and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.starts_at end) as next_change
    from bookings b where b.customer_phone = NEW.phone group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE c.id = NEW.id
  ON CONFLICT (customer_id) DO UPDATE SET
    name_key = excluded.name_key,
    search_key = excluded.search_key,
    is_subscriber = excluded.is_subscriber,
    total_bookings = excluded.total_bookings,
    approved_bookings = excluded.approved_bookings,
    cancelled_bookings = excluded.cancelled_bookings,
    pending_bookings = excluded.pending_bookings,
    rejected_bookings = excluded.rejected_bookings,
    expired_bookings = excluded.expired_bookings,
    transportation_bookings = excluded.transportation_bookings,
    consecutive_cancellations = excluded.consecutive_cancellations,
    cancellation_rate = excluded.cancellation_rate,
    approval_rate = excluded.approval_rate,
    first_booking_date = excluded.first_booking_date,
    last_booking_date = excluded.last_booking_date,
    last_actual_booking_date = excluded.last_actual_booking_date,
    favorite_facility_id = excluded.favorite_facility_id,
    favorite_day = excluded.favorite_day,
    favorite_hour = excluded.favorite_hour,
    total_spent = excluded.total_spent,
    facility_usage = excluded.facility_usage,
    played_bookings = excluded.played_bookings,
    planned_spent = excluded.planned_spent,
    next_change_at = excluded.next_change_at,
    no_show_bookings = excluded.no_show_bookings;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_customer_update` AFTER UPDATE OF `name`, `email`, `phone`, `is_subscriber` ON `customers` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage, played_bookings, planned_spent, next_change_at, no_show_bookings)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select coalesce(sum(case when b.status = 'approved' then 2 else 1 end), 0) from bookings b where b.customer_phone = c.phone
      and ((+b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi') or (+b.status = 'approved' and b.attendance IS 'no_show'))
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'
        and (b2.status <> 'approved' or b2.attendance IS NOT 'no_show')
        and (b2.status not in ('pending', 'approved') or b2.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}'),
    coalesce(a.played, 0), coalesce(a.planned, 0), a.next_change, coalesce(a.no_show, 0)
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.date end) as last_actual,
      sum(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as spent,
      sum(case when b.status = 'approved' and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as planned,
      sum(b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) and b.attendance IS NOT 'no_show') as played,
      sum(b.status = 'approved' and b.attendance IS 'no_show') as no_show,
      min(case when b.status in ('pending', 'approved') and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.starts_at end) as next_change
    from bookings b where b.customer_phone = NEW.phone group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE c.id = NEW.id
  ON CONFLICT (customer_id) DO UPDATE SET
    name_key = excluded.name_key,
    search_key = excluded.search_key,
    is_subscriber = excluded.is_subscriber,
    total_bookings = excluded.total_bookings,
    approved_bookings = excluded.approved_bookings,
    cancelled_bookings = excluded.cancelled_bookings,
    pending_bookings = excluded.pending_bookings,
    rejected_bookings = excluded.rejected_bookings,
    expired_bookings = excluded.expired_bookings,
    transportation_bookings = excluded.transportation_bookings,
    consecutive_cancellations = excluded.consecutive_cancellations,
    cancellation_rate = excluded.cancellation_rate,
    approval_rate = excluded.approval_rate,
    first_booking_date = excluded.first_booking_date,
    last_booking_date = excluded.last_booking_date,
    last_actual_booking_date = excluded.last_actual_booking_date,
    favorite_facility_id = excluded.favorite_facility_id,
    favorite_day = excluded.favorite_day,
    favorite_hour = excluded.favorite_hour,
    total_spent = excluded.total_spent,
    facility_usage = excluded.facility_usage,
    played_bookings = excluded.played_bookings,
    planned_spent = excluded.planned_spent,
    next_change_at = excluded.next_change_at,
    no_show_bookings = excluded.no_show_bookings;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_refresh` AFTER UPDATE OF `next_change_at` ON `customer_stats` WHEN NEW.next_change_at = -1 BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage, played_bookings, planned_spent, next_change_at, no_show_bookings)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select coalesce(sum(case when b.status = 'approved' then 2 else 1 end), 0) from bookings b where b.customer_phone = c.phone
      and ((+b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi') or (+b.status = 'approved' and b.attendance IS 'no_show'))
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'
        and (b2.status <> 'approved' or b2.attendance IS NOT 'no_show')
        and (b2.status not in ('pending', 'approved') or b2.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}'),
    coalesce(a.played, 0), coalesce(a.planned, 0), a.next_change, coalesce(a.no_show, 0)
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.date end) as last_actual,
      sum(case when b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as spent,
      sum(case when b.status = 'approved' and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.total_price else 0 end) as planned,
      sum(b.status = 'approved' and b.starts_at <= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) and b.attendance IS NOT 'no_show') as played,
      sum(b.status = 'approved' and b.attendance IS 'no_show') as no_show,
      min(case when b.status in ('pending', 'approved') and b.starts_at > CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) then b.starts_at end) as next_change
    from bookings b where b.customer_phone = (select phone from customers where id = NEW.customer_id) group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE c.id = NEW.customer_id
  ON CONFLICT (customer_id) DO UPDATE SET
    name_key = excluded.name_key,
    search_key = excluded.search_key,
    is_subscriber = excluded.is_subscriber,
    total_bookings = excluded.total_bookings,
    approved_bookings = excluded.approved_bookings,
    cancelled_bookings = excluded.cancelled_bookings,
    pending_bookings = excluded.pending_bookings,
    rejected_bookings = excluded.rejected_bookings,
    expired_bookings = excluded.expired_bookings,
    transportation_bookings = excluded.transportation_bookings,
    consecutive_cancellations = excluded.consecutive_cancellations,
    cancellation_rate = excluded.cancellation_rate,
    approval_rate = excluded.approval_rate,
    first_booking_date = excluded.first_booking_date,
    last_booking_date = excluded.last_booking_date,
    last_actual_booking_date = excluded.last_actual_booking_date,
    favorite_facility_id = excluded.favorite_facility_id,
    favorite_day = excluded.favorite_day,
    favorite_hour = excluded.favorite_hour,
    total_spent = excluded.total_spent,
    facility_usage = excluded.facility_usage,
    played_bookings = excluded.played_bookings,
    planned_spent = excluded.planned_spent,
    next_change_at = excluded.next_change_at,
    no_show_bookings = excluded.no_show_bookings;
END;

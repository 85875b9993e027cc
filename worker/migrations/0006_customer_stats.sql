CREATE TABLE `customer_stats` (
	`customer_id` integer PRIMARY KEY NOT NULL,
	`name_key` text NOT NULL,
	`search_key` text NOT NULL,
	`is_subscriber` integer DEFAULT false NOT NULL,
	`total_bookings` integer DEFAULT 0 NOT NULL,
	`approved_bookings` integer DEFAULT 0 NOT NULL,
	`cancelled_bookings` integer DEFAULT 0 NOT NULL,
	`pending_bookings` integer DEFAULT 0 NOT NULL,
	`rejected_bookings` integer DEFAULT 0 NOT NULL,
	`expired_bookings` integer DEFAULT 0 NOT NULL,
	`transportation_bookings` integer DEFAULT 0 NOT NULL,
	`consecutive_cancellations` integer DEFAULT 0 NOT NULL,
	`cancellation_rate` real DEFAULT 0 NOT NULL,
	`approval_rate` real DEFAULT 0 NOT NULL,
	`first_booking_date` text,
	`last_booking_date` text,
	`last_actual_booking_date` text,
	`favorite_facility_id` integer,
	`favorite_day` integer,
	`favorite_hour` text,
	`total_spent` integer DEFAULT 0 NOT NULL,
	`facility_usage` text DEFAULT '{}' NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_stats_last_booking` ON `customer_stats` (`last_booking_date`);--> statement-breakpoint
CREATE INDEX `customer_stats_name` ON `customer_stats` (`name_key`);--> statement-breakpoint
CREATE INDEX `customer_stats_total` ON `customer_stats` (`total_bookings`);--> statement-breakpoint
CREATE INDEX `customer_stats_cancellation_rate` ON `customer_stats` (`cancellation_rate`);--> statement-breakpoint
CREATE INDEX `customer_stats_approval_rate` ON `customer_stats` (`approval_rate`);--> statement-breakpoint
CREATE INDEX `customer_stats_consecutive` ON `customer_stats` (`consecutive_cancellations`);--> statement-breakpoint
CREATE INDEX `customer_stats_subscriber` ON `customer_stats` (`is_subscriber`,`consecutive_cancellations`);--> statement-breakpoint
CREATE INDEX `customer_stats_summary` ON `customer_stats` (`is_subscriber`,`consecutive_cancellations`,`last_booking_date`,`total_bookings`,`cancellation_rate`,`transportation_bookings`);--> statement-breakpoint

-- The customer list's figures (behaviour.md#entities), one row per customer, kept by the triggers below: every booking insert, every
-- change of a booking's status, phone, pitch, play time or price, every booking delete and every change of a customer
-- row recomputes that one customer's row from their bookings (by phone, index bookings_phone_date) in the same
-- statement, whichever path wrote it (public create, subscriptions, approve, reject, cancel, expiry alarm, pitch
-- delete, KVKK anonymisation, the seed). 'Consecutive cancellations' = the run of the customer's latest bookings by
-- play time that are cancelled (by the customer or by staff); a booking cancelled because its pitch was deleted is
-- skipped (neither counts nor ends the run); any other status ends the run. worker/src/db/customers.ts holds the
-- from-scratch recomputation the tests compare this with. The unary + keeps SQLite on the phone index (without it
-- the planner may walk every cancelled booking through bookings_status_created for each customer).
--> statement-breakpoint
INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select count(*) from bookings b where b.customer_phone = c.phone and +b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi'
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}')
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' then b.date end) as last_actual,
      sum(case when b.status = 'approved' then b.total_price else 0 end) as spent
    from bookings b where 1 group by b.customer_phone
  ) a ON a.customer_phone = c.phone
  WHERE true
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
    facility_usage = excluded.facility_usage;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select count(*) from bookings b where b.customer_phone = c.phone and +b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi'
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}')
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' then b.date end) as last_actual,
      sum(case when b.status = 'approved' then b.total_price else 0 end) as spent
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
    facility_usage = excluded.facility_usage;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_update` AFTER UPDATE OF `status`, `customer_phone`, `facility_id`, `date`, `start_time`, `starts_at`, `total_price`, `includes_transportation`, `cancellation_reason` ON `bookings` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select count(*) from bookings b where b.customer_phone = c.phone and +b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi'
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}')
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' then b.date end) as last_actual,
      sum(case when b.status = 'approved' then b.total_price else 0 end) as spent
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
    facility_usage = excluded.facility_usage;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_phone_change` AFTER UPDATE OF `customer_phone` ON `bookings` WHEN OLD.customer_phone <> NEW.customer_phone BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select count(*) from bookings b where b.customer_phone = c.phone and +b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi'
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}')
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' then b.date end) as last_actual,
      sum(case when b.status = 'approved' then b.total_price else 0 end) as spent
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
    facility_usage = excluded.facility_usage;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_booking_delete` AFTER DELETE ON `bookings` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select count(*) from bookings b where b.customer_phone = c.phone and +b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi'
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}')
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' then b.date end) as last_actual,
      sum(case when b.status = 'approved' then b.total_price else 0 end) as spent
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
    facility_usage = excluded.facility_usage;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_customer_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select count(*) from bookings b where b.customer_phone = c.phone and +b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi'
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}')
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' then b.date end) as last_actual,
      sum(case when b.status = 'approved' then b.total_price else 0 end) as spent
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
    facility_usage = excluded.facility_usage;
END;--> statement-breakpoint
CREATE TRIGGER `customer_stats_customer_update` AFTER UPDATE OF `name`, `email`, `phone`, `is_subscriber` ON `customers` BEGIN
  INSERT INTO customer_stats (customer_id, name_key, search_key, is_subscriber, total_bookings, approved_bookings, cancelled_bookings, pending_bookings, rejected_bookings, expired_bookings, transportation_bookings, consecutive_cancellations, cancellation_rate, approval_rate, first_booking_date, last_booking_date, last_actual_booking_date, favorite_facility_id, favorite_day, favorite_hour, total_spent, facility_usage)
  SELECT c.id, lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.name, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || c.phone || ' ' || lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(coalesce(c.email, ''), 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')), c.is_subscriber,
    coalesce(a.total, 0), coalesce(a.approved, 0), coalesce(a.cancelled, 0), coalesce(a.pending, 0), coalesce(a.rejected, 0), coalesce(a.expired, 0), coalesce(a.transport, 0),
    (select count(*) from bookings b where b.customer_phone = c.phone and +b.status = 'cancelled' and coalesce(b.cancellation_reason, '') <> 'Saha silindiği için randevu iptal edildi'
      and b.starts_at > coalesce((select max(b2.starts_at) from bookings b2 where b2.customer_phone = c.phone and b2.status <> 'cancelled'), -1)),
    case when a.total > 0 then round(a.cancelled * 100.0 / a.total, 1) else 0 end,
    case when a.total > 0 then round(a.approved * 100.0 / a.total, 1) else 0 end,
    a.first_date, a.last_date, a.last_actual,
    (select b.facility_id from bookings b where b.customer_phone = c.phone group by b.facility_id order by count(*) desc, max(b.starts_at) desc limit 1),
    (select cast(strftime('%w', b.date) as integer) from bookings b where b.customer_phone = c.phone group by cast(strftime('%w', b.date) as integer) order by count(*) desc, max(b.starts_at) desc limit 1),
    (select b.start_time from bookings b where b.customer_phone = c.phone group by b.start_time order by count(*) desc, max(b.starts_at) desc limit 1),
    coalesce(a.spent, 0),
    coalesce((select json_group_object(u.facility_id, u.n) from (select b.facility_id, count(*) as n from bookings b where b.customer_phone = c.phone group by b.facility_id order by b.facility_id) u), '{}')
  FROM customers c LEFT JOIN (
    select b.customer_phone, count(*) as total, sum(b.status = 'approved') as approved, sum(b.status = 'cancelled') as cancelled,
      sum(b.status = 'pending') as pending, sum(b.status = 'rejected') as rejected, sum(b.status = 'expired') as expired,
      sum(b.includes_transportation) as transport, min(b.date) as first_date, max(b.date) as last_date,
      max(case when b.status = 'approved' then b.date end) as last_actual,
      sum(case when b.status = 'approved' then b.total_price else 0 end) as spent
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
    facility_usage = excluded.facility_usage;
END;

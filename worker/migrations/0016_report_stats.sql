CREATE TABLE `booking_addon_stats` (
	`date` text NOT NULL,
	`facility_id` integer NOT NULL,
	`name` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `facility_id`, `name`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `booking_reason_stats` (
	`date` text NOT NULL,
	`facility_id` integer NOT NULL,
	`status` text NOT NULL,
	`reason` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `facility_id`, `status`, `reason`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `slot_hour_stats` (
	`facility_id` integer NOT NULL,
	`date` text NOT NULL,
	`hour` text NOT NULL,
	`generated` integer DEFAULT 0 NOT NULL,
	`booked` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`facility_id`, `date`, `hour`)
) WITHOUT ROWID;
--> statement-breakpoint
DROP INDEX `bookings_report_status`;--> statement-breakpoint
DROP INDEX `bookings_report`;--> statement-breakpoint
CREATE INDEX `bookings_report` ON `bookings` (`status`,`date`,`facility_id`,`customer_phone`,`total_price`);--> statement-breakpoint
DROP INDEX `booking_slots_date`;--> statement-breakpoint
CREATE INDEX `bookings_slot` ON `bookings` (`slot_id`);--> statement-breakpoint
ALTER TABLE `booking_day_stats` ADD `deposit_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_day_stats` ADD `slot_price` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_day_stats` ADD `transportation_price` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_day_stats` ADD `addons_price` integer DEFAULT 0 NOT NULL;--> statement-breakpoint

-- Raporlar at 100,000 bookings: each report of a year read ~100k index entries or slots (bench:reports 365
-- days p95 201 ms, target 100). Every report but the top customers now reads a summary kept by triggers in the same
-- statement as the write, whatever path wrote it (public create, approve, reject, cancel, expiry alarm, subscriptions,
-- pitch delete, KVKK anonymisation, slot generation, re-pricing, the seed, the benches' bulk inserts), following 0007:
-- an update adds the new key first and takes the old one away second (so a change that ends where it began nets to
-- zero), a row at 0 is deleted, and the WHEN clause makes an update that changes none of the columns cost nothing.
--  - booking_day_stats (0007/0008) gains the sums of deposit, slot, shuttle and add-on prices: revenue, statuses and the
--    subscriber / shuttle shares read a year of it (its key already holds the two customer flags);
--  - booking_reason_stats: cancelled / rejected bookings per day, pitch, status and the reason as the report shows it;
--  - booking_addon_stats: the add-ons of approved bookings per day, pitch and name (json_each over bookings.addons);
--  - slot_hour_stats: slots generated and approved-booked per pitch, day and start hour, and the same over every pitch
--    under facility_id 0 (a year of every pitch reads days × hours rows, not every slot).
-- The report-only indexes of 0015 go, but for a slimmer bookings_report the top customers read (above). bookings_slot
-- (above) is the index the foreign key bookings.slot_id → booking_slots needs: deleting a slot (a regeneration's
-- overwrite, a pitch's slots) looks up its bookings of every status to unlink them, which the live-only
-- bookings_one_live_per_slot cannot answer, so each deleted slot scanned every booking (≈ 20 ms at 100k bookings).
-- test/worker/reports.consistency.test.ts compares every summary with a GROUP BY over bookings and slots after every
-- kind of write.
DROP TRIGGER IF EXISTS `booking_stats_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `booking_stats_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `booking_stats_delete`;--> statement-breakpoint
UPDATE booking_day_stats SET deposit_amount = s.deposit_amount, slot_price = s.slot_price,
    transportation_price = s.transportation_price, addons_price = s.addons_price
  FROM (SELECT date, facility_id, status, is_subscriber, includes_transportation, sum(deposit_amount) AS deposit_amount,
      sum(slot_price) AS slot_price, sum(transportation_price) AS transportation_price, sum(addons_price) AS addons_price
    FROM bookings GROUP BY date, facility_id, status, is_subscriber, includes_transportation) AS s
  WHERE booking_day_stats.date = s.date AND booking_day_stats.facility_id = s.facility_id
    AND booking_day_stats.status = s.status AND booking_day_stats.is_subscriber = s.is_subscriber
    AND booking_day_stats.includes_transportation = s.includes_transportation;--> statement-breakpoint
CREATE TRIGGER `booking_stats_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO booking_day_stats (date, facility_id, status, is_subscriber, includes_transportation, bookings, total_price,
      deposit_amount, slot_price, transportation_price, addons_price)
    VALUES (NEW.date, NEW.facility_id, NEW.status, NEW.is_subscriber, NEW.includes_transportation, 1, NEW.total_price,
      NEW.deposit_amount, NEW.slot_price, NEW.transportation_price, NEW.addons_price)
    ON CONFLICT (date, facility_id, status, is_subscriber, includes_transportation)
    DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price,
      deposit_amount = deposit_amount + excluded.deposit_amount, slot_price = slot_price + excluded.slot_price,
      transportation_price = transportation_price + excluded.transportation_price,
      addons_price = addons_price + excluded.addons_price;
  INSERT INTO booking_status_stats (facility_id, status, is_subscriber, includes_transportation, bookings, total_price)
    VALUES (NEW.facility_id, NEW.status, NEW.is_subscriber, NEW.includes_transportation, 1, NEW.total_price)
    ON CONFLICT (facility_id, status, is_subscriber, includes_transportation)
    DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
END;--> statement-breakpoint
CREATE TRIGGER `booking_stats_update`
  AFTER UPDATE OF `status`, `facility_id`, `date`, `total_price`, `is_subscriber`, `includes_transportation`,
    `deposit_amount`, `slot_price`, `transportation_price`, `addons_price` ON `bookings`
  WHEN OLD.status IS NOT NEW.status OR OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date
    OR OLD.total_price IS NOT NEW.total_price OR OLD.is_subscriber IS NOT NEW.is_subscriber
    OR OLD.includes_transportation IS NOT NEW.includes_transportation OR OLD.deposit_amount IS NOT NEW.deposit_amount
    OR OLD.slot_price IS NOT NEW.slot_price OR OLD.transportation_price IS NOT NEW.transportation_price
    OR OLD.addons_price IS NOT NEW.addons_price
BEGIN
  INSERT INTO booking_day_stats (date, facility_id, status, is_subscriber, includes_transportation, bookings, total_price,
      deposit_amount, slot_price, transportation_price, addons_price)
    VALUES (NEW.date, NEW.facility_id, NEW.status, NEW.is_subscriber, NEW.includes_transportation, 1, NEW.total_price,
      NEW.deposit_amount, NEW.slot_price, NEW.transportation_price, NEW.addons_price)
    ON CONFLICT (date, facility_id, status, is_subscriber, includes_transportation)
    DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price,
      deposit_amount = deposit_amount + excluded.deposit_amount, slot_price = slot_price + excluded.slot_price,
      transportation_price = transportation_price + excluded.transportation_price,
      addons_price = addons_price + excluded.addons_price;
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price,
      deposit_amount = deposit_amount - OLD.deposit_amount, slot_price = slot_price - OLD.slot_price,
      transportation_price = transportation_price - OLD.transportation_price, addons_price = addons_price - OLD.addons_price
    WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
      AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation;
  DELETE FROM booking_day_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
    AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation AND bookings <= 0;
  INSERT INTO booking_status_stats (facility_id, status, is_subscriber, includes_transportation, bookings, total_price)
    VALUES (NEW.facility_id, NEW.status, NEW.is_subscriber, NEW.includes_transportation, 1, NEW.total_price)
    ON CONFLICT (facility_id, status, is_subscriber, includes_transportation)
    DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
  UPDATE booking_status_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE facility_id = OLD.facility_id AND status = OLD.status
      AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation;
  DELETE FROM booking_status_stats WHERE facility_id = OLD.facility_id AND status = OLD.status
    AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation AND bookings <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `booking_stats_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price,
      deposit_amount = deposit_amount - OLD.deposit_amount, slot_price = slot_price - OLD.slot_price,
      transportation_price = transportation_price - OLD.transportation_price, addons_price = addons_price - OLD.addons_price
    WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
      AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation;
  DELETE FROM booking_day_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
    AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation AND bookings <= 0;
  UPDATE booking_status_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE facility_id = OLD.facility_id AND status = OLD.status
      AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation;
  DELETE FROM booking_status_stats WHERE facility_id = OLD.facility_id AND status = OLD.status
    AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation AND bookings <= 0;
END;--> statement-breakpoint

-- Reasons: the report's own normalisation (the cancellation reason of a cancelled booking, else the rejection reason;
-- trimmed; none or blank is '').
INSERT INTO booking_reason_stats (date, facility_id, status, reason, bookings)
  SELECT date, facility_id, status,
    coalesce(nullif(trim(case status when 'cancelled' then cancellation_reason else rejection_reason end), ''), ''),
    count(*)
  FROM bookings WHERE status IN ('cancelled', 'rejected') GROUP BY 1, 2, 3, 4;--> statement-breakpoint
CREATE TRIGGER `booking_reason_stats_insert` AFTER INSERT ON `bookings` WHEN NEW.status IN ('cancelled', 'rejected')
BEGIN
  INSERT INTO booking_reason_stats (date, facility_id, status, reason, bookings)
    VALUES (NEW.date, NEW.facility_id, NEW.status,
      coalesce(nullif(trim(case NEW.status when 'cancelled' then NEW.cancellation_reason else NEW.rejection_reason end), ''), ''),
      1)
    ON CONFLICT (date, facility_id, status, reason) DO UPDATE SET bookings = bookings + 1;
END;--> statement-breakpoint
CREATE TRIGGER `booking_reason_stats_update`
  AFTER UPDATE OF `status`, `facility_id`, `date`, `cancellation_reason`, `rejection_reason` ON `bookings`
  WHEN (OLD.status IN ('cancelled', 'rejected') OR NEW.status IN ('cancelled', 'rejected'))
    AND (OLD.status IS NOT NEW.status OR OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date
      OR OLD.cancellation_reason IS NOT NEW.cancellation_reason OR OLD.rejection_reason IS NOT NEW.rejection_reason)
BEGIN
  INSERT INTO booking_reason_stats (date, facility_id, status, reason, bookings)
    SELECT NEW.date, NEW.facility_id, NEW.status,
      coalesce(nullif(trim(case NEW.status when 'cancelled' then NEW.cancellation_reason else NEW.rejection_reason end), ''), ''),
      1
    WHERE NEW.status IN ('cancelled', 'rejected')
    ON CONFLICT (date, facility_id, status, reason) DO UPDATE SET bookings = bookings + 1;
  UPDATE booking_reason_stats SET bookings = bookings - 1
    WHERE OLD.status IN ('cancelled', 'rejected') AND date = OLD.date AND facility_id = OLD.facility_id
      AND status = OLD.status
      AND reason = coalesce(nullif(trim(case OLD.status when 'cancelled' then OLD.cancellation_reason else OLD.rejection_reason end), ''), '');
  DELETE FROM booking_reason_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
    AND bookings <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `booking_reason_stats_delete` AFTER DELETE ON `bookings` WHEN OLD.status IN ('cancelled', 'rejected')
BEGIN
  UPDATE booking_reason_stats SET bookings = bookings - 1
    WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
      AND reason = coalesce(nullif(trim(case OLD.status when 'cancelled' then OLD.cancellation_reason else OLD.rejection_reason end), ''), '');
  DELETE FROM booking_reason_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
    AND bookings <= 0;
END;--> statement-breakpoint

-- Add-ons: as the report counts them, the add-ons of approved bookings whose addons_price is above 0, one count per
-- entry of bookings.addons (an add-on listed twice counts twice), its quantity and total summed.
INSERT INTO booking_addon_stats (date, facility_id, name, bookings, quantity, revenue)
  SELECT b.date, b.facility_id, coalesce(json_extract(a.value, '$.name'), ''), count(*),
    coalesce(sum(json_extract(a.value, '$.quantity')), 0), coalesce(sum(json_extract(a.value, '$.total')), 0)
  FROM bookings b, json_each(b.addons) a WHERE b.status = 'approved' AND b.addons_price > 0 GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE TRIGGER `booking_addon_stats_insert` AFTER INSERT ON `bookings`
  WHEN NEW.status = 'approved' AND NEW.addons_price > 0
BEGIN
  INSERT INTO booking_addon_stats (date, facility_id, name, bookings, quantity, revenue)
    SELECT NEW.date, NEW.facility_id, coalesce(json_extract(value, '$.name'), ''), 1,
      coalesce(json_extract(value, '$.quantity'), 0), coalesce(json_extract(value, '$.total'), 0)
    FROM json_each(NEW.addons) WHERE true
    ON CONFLICT (date, facility_id, name) DO UPDATE SET bookings = bookings + 1,
      quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
END;--> statement-breakpoint
CREATE TRIGGER `booking_addon_stats_update`
  AFTER UPDATE OF `status`, `facility_id`, `date`, `addons`, `addons_price` ON `bookings`
  WHEN ((OLD.status = 'approved' AND OLD.addons_price > 0) OR (NEW.status = 'approved' AND NEW.addons_price > 0))
    AND (OLD.status IS NOT NEW.status OR OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date
      OR OLD.addons IS NOT NEW.addons OR OLD.addons_price IS NOT NEW.addons_price)
BEGIN
  INSERT INTO booking_addon_stats (date, facility_id, name, bookings, quantity, revenue)
    SELECT NEW.date, NEW.facility_id, coalesce(json_extract(value, '$.name'), ''), 1,
      coalesce(json_extract(value, '$.quantity'), 0), coalesce(json_extract(value, '$.total'), 0)
    FROM json_each(NEW.addons) WHERE NEW.status = 'approved' AND NEW.addons_price > 0
    ON CONFLICT (date, facility_id, name) DO UPDATE SET bookings = bookings + 1,
      quantity = quantity + excluded.quantity, revenue = revenue + excluded.revenue;
  UPDATE booking_addon_stats SET
      bookings = bookings - (SELECT count(*) FROM json_each(OLD.addons)
        WHERE coalesce(json_extract(value, '$.name'), '') = booking_addon_stats.name),
      quantity = quantity - (SELECT coalesce(sum(json_extract(value, '$.quantity')), 0) FROM json_each(OLD.addons)
        WHERE coalesce(json_extract(value, '$.name'), '') = booking_addon_stats.name),
      revenue = revenue - (SELECT coalesce(sum(json_extract(value, '$.total')), 0) FROM json_each(OLD.addons)
        WHERE coalesce(json_extract(value, '$.name'), '') = booking_addon_stats.name)
    WHERE OLD.status = 'approved' AND OLD.addons_price > 0 AND date = OLD.date AND facility_id = OLD.facility_id
      AND name IN (SELECT coalesce(json_extract(value, '$.name'), '') FROM json_each(OLD.addons));
  DELETE FROM booking_addon_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND bookings <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `booking_addon_stats_delete` AFTER DELETE ON `bookings`
  WHEN OLD.status = 'approved' AND OLD.addons_price > 0
BEGIN
  UPDATE booking_addon_stats SET
      bookings = bookings - (SELECT count(*) FROM json_each(OLD.addons)
        WHERE coalesce(json_extract(value, '$.name'), '') = booking_addon_stats.name),
      quantity = quantity - (SELECT coalesce(sum(json_extract(value, '$.quantity')), 0) FROM json_each(OLD.addons)
        WHERE coalesce(json_extract(value, '$.name'), '') = booking_addon_stats.name),
      revenue = revenue - (SELECT coalesce(sum(json_extract(value, '$.total')), 0) FROM json_each(OLD.addons)
        WHERE coalesce(json_extract(value, '$.name'), '') = booking_addon_stats.name)
    WHERE date = OLD.date AND facility_id = OLD.facility_id
      AND name IN (SELECT coalesce(json_extract(value, '$.name'), '') FROM json_each(OLD.addons));
  DELETE FROM booking_addon_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND bookings <= 0;
END;--> statement-breakpoint

-- Occupancy: a slot counts once where it is (its pitch, day and start hour, and facility_id 0's same day and hour), and
-- as booked while its live booking (bookings_one_live_per_slot: at most one) is approved, as the report's join counts.
INSERT INTO slot_hour_stats (facility_id, date, hour, generated, booked)
  SELECT s.facility_id, s.date, substr(s.start_time, 1, 2) || ':00', count(*), count(case when b.status = 'approved' then 1 end)
  FROM booking_slots s LEFT JOIN bookings b ON b.slot_id = s.id AND b.status IN ('pending', 'approved')
  WHERE true GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO slot_hour_stats (facility_id, date, hour, generated, booked)
  SELECT 0, date, hour, sum(generated), sum(booked) FROM slot_hour_stats WHERE true GROUP BY date, hour;--> statement-breakpoint
-- A new slot holds no booking yet (a booking's slot_id references an existing slot).
CREATE TRIGGER `slot_hour_stats_insert` AFTER INSERT ON `booking_slots` BEGIN
  INSERT INTO slot_hour_stats (facility_id, date, hour, generated, booked)
    VALUES (NEW.facility_id, NEW.date, substr(NEW.start_time, 1, 2) || ':00', 1, 0),
      (0, NEW.date, substr(NEW.start_time, 1, 2) || ':00', 1, 0)
    ON CONFLICT (facility_id, date, hour) DO UPDATE SET generated = generated + 1;
END;--> statement-breakpoint
-- BEFORE: the slot's approved booking is still linked (the foreign key's ON DELETE SET NULL unlinks it after the row
-- goes, and booking_slot_stats_update then finds no slot to count from, so it changes nothing).
CREATE TRIGGER `slot_hour_stats_delete` BEFORE DELETE ON `booking_slots` BEGIN
  UPDATE slot_hour_stats SET generated = generated - 1,
      booked = booked - (SELECT count(*) FROM bookings
        WHERE slot_id = OLD.id AND status IN ('pending', 'approved') AND status = 'approved')
    WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date AND hour = substr(OLD.start_time, 1, 2) || ':00';
  DELETE FROM slot_hour_stats WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date
    AND hour = substr(OLD.start_time, 1, 2) || ':00' AND generated <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `slot_hour_stats_update` AFTER UPDATE OF `facility_id`, `date`, `start_time` ON `booking_slots`
  WHEN OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date OR OLD.start_time IS NOT NEW.start_time
BEGIN
  INSERT INTO slot_hour_stats (facility_id, date, hour, generated, booked)
    SELECT k.facility_id, NEW.date, substr(NEW.start_time, 1, 2) || ':00', 1, (SELECT count(*) FROM bookings
        WHERE slot_id = NEW.id AND status IN ('pending', 'approved') AND status = 'approved')
    FROM (SELECT NEW.facility_id AS facility_id UNION ALL SELECT 0) AS k WHERE true
    ON CONFLICT (facility_id, date, hour) DO UPDATE SET generated = generated + 1, booked = booked + excluded.booked;
  UPDATE slot_hour_stats SET generated = generated - 1,
      booked = booked - (SELECT count(*) FROM bookings
        WHERE slot_id = OLD.id AND status IN ('pending', 'approved') AND status = 'approved')
    WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date AND hour = substr(OLD.start_time, 1, 2) || ':00';
  DELETE FROM slot_hour_stats WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date
    AND hour = substr(OLD.start_time, 1, 2) || ':00' AND generated <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `booking_slot_stats_insert` AFTER INSERT ON `bookings`
  WHEN NEW.status = 'approved' AND NEW.slot_id IS NOT NULL
BEGIN
  UPDATE slot_hour_stats SET booked = booked + 1
    WHERE facility_id IN (0, (SELECT facility_id FROM booking_slots WHERE id = NEW.slot_id))
      AND date = (SELECT date FROM booking_slots WHERE id = NEW.slot_id)
      AND hour = (SELECT substr(start_time, 1, 2) || ':00' FROM booking_slots WHERE id = NEW.slot_id);
END;--> statement-breakpoint
CREATE TRIGGER `booking_slot_stats_update` AFTER UPDATE OF `status`, `slot_id` ON `bookings`
  WHEN (OLD.status = 'approved' OR NEW.status = 'approved')
    AND (OLD.status IS NOT NEW.status OR OLD.slot_id IS NOT NEW.slot_id)
BEGIN
  UPDATE slot_hour_stats SET booked = booked + 1
    WHERE NEW.status = 'approved'
      AND facility_id IN (0, (SELECT facility_id FROM booking_slots WHERE id = NEW.slot_id))
      AND date = (SELECT date FROM booking_slots WHERE id = NEW.slot_id)
      AND hour = (SELECT substr(start_time, 1, 2) || ':00' FROM booking_slots WHERE id = NEW.slot_id);
  UPDATE slot_hour_stats SET booked = booked - 1
    WHERE OLD.status = 'approved'
      AND facility_id IN (0, (SELECT facility_id FROM booking_slots WHERE id = OLD.slot_id))
      AND date = (SELECT date FROM booking_slots WHERE id = OLD.slot_id)
      AND hour = (SELECT substr(start_time, 1, 2) || ':00' FROM booking_slots WHERE id = OLD.slot_id);
END;--> statement-breakpoint
CREATE TRIGGER `booking_slot_stats_delete` AFTER DELETE ON `bookings`
  WHEN OLD.status = 'approved' AND OLD.slot_id IS NOT NULL
BEGIN
  UPDATE slot_hour_stats SET booked = booked - 1
    WHERE facility_id IN (0, (SELECT facility_id FROM booking_slots WHERE id = OLD.slot_id))
      AND date = (SELECT date FROM booking_slots WHERE id = OLD.slot_id)
      AND hour = (SELECT substr(start_time, 1, 2) || ':00' FROM booking_slots WHERE id = OLD.slot_id);
END;

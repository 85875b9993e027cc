CREATE TABLE `booking_day_stats` (
	`facility_id` integer NOT NULL,
	`date` text NOT NULL,
	`status` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`total_price` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`facility_id`, `date`, `status`)
);
--> statement-breakpoint
CREATE INDEX `bookings_facility_created` ON `bookings` (`facility_id`,`created_at`);--> statement-breakpoint

-- The dashboard's figures (02 §2 'Dashboard', §7 'GET /bookings/stats'), one row per pitch, business day and status with
-- the count and the summed total_price, kept by the triggers below in the same statement as the booking write, whatever
-- path wrote it (public create, approve, reject, cancel, expiry alarm, subscriptions, pitch delete, KVKK anonymisation,
-- the seed, the benches' bulk inserts). The dashboard then sums a few thousand rows instead of every booking. Each
-- trigger adds the new row's key first and takes the old one's away second, so an update that changes nothing relevant
-- nets to zero; a row whose count reaches 0 is deleted to keep the table as small as the set of days with bookings.
-- test/worker/dashboard-stats.consistency.test.ts compares the table with a GROUP BY over bookings after every write.
INSERT INTO booking_day_stats (facility_id, date, status, bookings, total_price)
  SELECT facility_id, date, status, count(*), sum(total_price) FROM bookings WHERE true GROUP BY facility_id, date, status
  ON CONFLICT (facility_id, date, status) DO UPDATE SET bookings = excluded.bookings, total_price = excluded.total_price;--> statement-breakpoint
CREATE TRIGGER `booking_day_stats_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO booking_day_stats (facility_id, date, status, bookings, total_price)
    VALUES (NEW.facility_id, NEW.date, NEW.status, 1, NEW.total_price)
    ON CONFLICT (facility_id, date, status) DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
END;--> statement-breakpoint
-- WHEN: an update of these columns that leaves all four as they were (e.g. drizzle writing the whole row) costs nothing.
CREATE TRIGGER `booking_day_stats_update` AFTER UPDATE OF `status`, `facility_id`, `date`, `total_price` ON `bookings`
  WHEN OLD.status IS NOT NEW.status OR OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date OR OLD.total_price IS NOT NEW.total_price
BEGIN
  INSERT INTO booking_day_stats (facility_id, date, status, bookings, total_price)
    VALUES (NEW.facility_id, NEW.date, NEW.status, 1, NEW.total_price)
    ON CONFLICT (facility_id, date, status) DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE facility_id = OLD.facility_id AND date = OLD.date AND status = OLD.status;
  DELETE FROM booking_day_stats WHERE facility_id = OLD.facility_id AND date = OLD.date AND status = OLD.status AND bookings <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `booking_day_stats_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE facility_id = OLD.facility_id AND date = OLD.date AND status = OLD.status;
  DELETE FROM booking_day_stats WHERE facility_id = OLD.facility_id AND date = OLD.date AND status = OLD.status AND bookings <= 0;
END;

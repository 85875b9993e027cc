CREATE TABLE `booking_day_stats` (
	`date` text NOT NULL,
	`facility_id` integer NOT NULL,
	`status` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`total_price` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `facility_id`, `status`)
);
--> statement-breakpoint
CREATE TABLE `booking_status_stats` (
	`facility_id` integer NOT NULL,
	`status` text NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`total_price` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`facility_id`, `status`)
);
--> statement-breakpoint
CREATE INDEX `bookings_facility_created` ON `bookings` (`facility_id`,`created_at`);--> statement-breakpoint

-- The dashboard's figures (behaviour.md#management-panel 'Dashboard', api.md 'GET /bookings/stats'): booking_day_stats holds the count and summed
-- total_price per business day, pitch and status (today and this month read one month of it), booking_status_stats the
-- same per pitch and status over all time (total, pending and revenue read at most 5 rows a pitch). The triggers below
-- keep both in the same statement as the booking write, whatever path wrote it (public create, approve, reject,
-- cancel, expiry alarm, subscriptions, pitch delete, KVKK anonymisation, the seed, the benches' bulk inserts), so the
-- dashboard never reads a booking row for its figures. Each update adds the new row's key first and takes the old
-- one's away second, so an update that ends where it began nets to zero; a row whose count reaches 0 is deleted, which
-- keeps the tables as small as the set of keys that have bookings. test/worker/dashboard-stats.consistency.test.ts
-- compares both with a GROUP BY over bookings after every kind of write.
INSERT INTO booking_day_stats (date, facility_id, status, bookings, total_price)
  SELECT date, facility_id, status, count(*), sum(total_price) FROM bookings WHERE true GROUP BY date, facility_id, status
  ON CONFLICT (date, facility_id, status) DO UPDATE SET bookings = excluded.bookings, total_price = excluded.total_price;--> statement-breakpoint
INSERT INTO booking_status_stats (facility_id, status, bookings, total_price)
  SELECT facility_id, status, count(*), sum(total_price) FROM bookings WHERE true GROUP BY facility_id, status
  ON CONFLICT (facility_id, status) DO UPDATE SET bookings = excluded.bookings, total_price = excluded.total_price;--> statement-breakpoint
CREATE TRIGGER `booking_stats_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO booking_day_stats (date, facility_id, status, bookings, total_price)
    VALUES (NEW.date, NEW.facility_id, NEW.status, 1, NEW.total_price)
    ON CONFLICT (date, facility_id, status) DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
  INSERT INTO booking_status_stats (facility_id, status, bookings, total_price)
    VALUES (NEW.facility_id, NEW.status, 1, NEW.total_price)
    ON CONFLICT (facility_id, status) DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
END;--> statement-breakpoint
-- WHEN: an update that names these columns but leaves all four as they were (e.g. a whole-row write) costs nothing.
CREATE TRIGGER `booking_stats_update` AFTER UPDATE OF `status`, `facility_id`, `date`, `total_price` ON `bookings`
  WHEN OLD.status IS NOT NEW.status OR OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date OR OLD.total_price IS NOT NEW.total_price
BEGIN
  INSERT INTO booking_day_stats (date, facility_id, status, bookings, total_price)
    VALUES (NEW.date, NEW.facility_id, NEW.status, 1, NEW.total_price)
    ON CONFLICT (date, facility_id, status) DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status;
  DELETE FROM booking_day_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status AND bookings <= 0;
  INSERT INTO booking_status_stats (facility_id, status, bookings, total_price)
    VALUES (NEW.facility_id, NEW.status, 1, NEW.total_price)
    ON CONFLICT (facility_id, status) DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
  UPDATE booking_status_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE facility_id = OLD.facility_id AND status = OLD.status;
  DELETE FROM booking_status_stats WHERE facility_id = OLD.facility_id AND status = OLD.status AND bookings <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `booking_stats_delete` AFTER DELETE ON `bookings` BEGIN
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status;
  DELETE FROM booking_day_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status AND bookings <= 0;
  UPDATE booking_status_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE facility_id = OLD.facility_id AND status = OLD.status;
  DELETE FROM booking_status_stats WHERE facility_id = OLD.facility_id AND status = OLD.status AND bookings <= 0;
END;

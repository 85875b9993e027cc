-- The panel list's tab counts: the summary tables of 0007 gain the list's two customer filters, is_subscriber
-- and includes_transportation, as part of their key, so every list view without a search (any pitch, Aboneler,
-- Servisli, a date range, and their combinations) counts its tabs from these tables instead of scanning
-- bookings_panel_list (28–41 ms at 100k bookings). The dashboard sums over the two new columns and reads what it read
-- before. Tables and triggers are rebuilt (a primary key cannot be altered in place) and refilled from bookings; the
-- triggers keep both in the same statement as every booking write, as 0007's did, now also when a booking's subscriber
-- or shuttle flag changes. WITHOUT ROWID: a range of the key is then a range of the table itself (no look-up from the
-- key's index into the rows), which halves the read of the upcoming days. test/worker/dashboard-stats.consistency.test.ts and panel-list-counts.consistency.test.ts
-- compare them with GROUP BYs over bookings.
DROP TRIGGER IF EXISTS `booking_stats_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `booking_stats_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `booking_stats_delete`;--> statement-breakpoint
DROP TABLE `booking_day_stats`;--> statement-breakpoint
DROP TABLE `booking_status_stats`;--> statement-breakpoint
CREATE TABLE `booking_day_stats` (
	`date` text NOT NULL,
	`facility_id` integer NOT NULL,
	`status` text NOT NULL,
	`is_subscriber` integer NOT NULL,
	`includes_transportation` integer NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`total_price` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `facility_id`, `status`, `is_subscriber`, `includes_transportation`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `booking_status_stats` (
	`facility_id` integer NOT NULL,
	`status` text NOT NULL,
	`is_subscriber` integer NOT NULL,
	`includes_transportation` integer NOT NULL,
	`bookings` integer DEFAULT 0 NOT NULL,
	`total_price` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`facility_id`, `status`, `is_subscriber`, `includes_transportation`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO booking_day_stats (date, facility_id, status, is_subscriber, includes_transportation, bookings, total_price)
  SELECT date, facility_id, status, is_subscriber, includes_transportation, count(*), sum(total_price) FROM bookings
  GROUP BY date, facility_id, status, is_subscriber, includes_transportation;--> statement-breakpoint
INSERT INTO booking_status_stats (facility_id, status, is_subscriber, includes_transportation, bookings, total_price)
  SELECT facility_id, status, is_subscriber, includes_transportation, count(*), sum(total_price) FROM bookings
  GROUP BY facility_id, status, is_subscriber, includes_transportation;--> statement-breakpoint
CREATE TRIGGER `booking_stats_insert` AFTER INSERT ON `bookings` BEGIN
  INSERT INTO booking_day_stats (date, facility_id, status, is_subscriber, includes_transportation, bookings, total_price)
    VALUES (NEW.date, NEW.facility_id, NEW.status, NEW.is_subscriber, NEW.includes_transportation, 1, NEW.total_price)
    ON CONFLICT (date, facility_id, status, is_subscriber, includes_transportation)
    DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
  INSERT INTO booking_status_stats (facility_id, status, is_subscriber, includes_transportation, bookings, total_price)
    VALUES (NEW.facility_id, NEW.status, NEW.is_subscriber, NEW.includes_transportation, 1, NEW.total_price)
    ON CONFLICT (facility_id, status, is_subscriber, includes_transportation)
    DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
END;--> statement-breakpoint
-- WHEN: an update that names these columns but leaves all six as they were (e.g. a whole-row write) costs nothing.
CREATE TRIGGER `booking_stats_update`
  AFTER UPDATE OF `status`, `facility_id`, `date`, `total_price`, `is_subscriber`, `includes_transportation` ON `bookings`
  WHEN OLD.status IS NOT NEW.status OR OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date
    OR OLD.total_price IS NOT NEW.total_price OR OLD.is_subscriber IS NOT NEW.is_subscriber
    OR OLD.includes_transportation IS NOT NEW.includes_transportation
BEGIN
  INSERT INTO booking_day_stats (date, facility_id, status, is_subscriber, includes_transportation, bookings, total_price)
    VALUES (NEW.date, NEW.facility_id, NEW.status, NEW.is_subscriber, NEW.includes_transportation, 1, NEW.total_price)
    ON CONFLICT (date, facility_id, status, is_subscriber, includes_transportation)
    DO UPDATE SET bookings = bookings + 1, total_price = total_price + excluded.total_price;
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
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
  UPDATE booking_day_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
      AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation;
  DELETE FROM booking_day_stats WHERE date = OLD.date AND facility_id = OLD.facility_id AND status = OLD.status
    AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation AND bookings <= 0;
  UPDATE booking_status_stats SET bookings = bookings - 1, total_price = total_price - OLD.total_price
    WHERE facility_id = OLD.facility_id AND status = OLD.status
      AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation;
  DELETE FROM booking_status_stats WHERE facility_id = OLD.facility_id AND status = OLD.status
    AND is_subscriber = OLD.is_subscriber AND includes_transportation = OLD.includes_transportation AND bookings <= 0;
END;
--> statement-breakpoint
CREATE INDEX `bookings_facility_starts` ON `bookings` (`facility_id`,`starts_at`);
--> statement-breakpoint
CREATE INDEX `bookings_subscriber_list` ON `bookings` (`status`,`date`,`starts_at`,`includes_transportation`,`facility_id`,`search_key`,`created_at`) WHERE is_subscriber = 1;--> statement-breakpoint
CREATE INDEX `bookings_shuttle_list` ON `bookings` (`status`,`date`,`starts_at`,`is_subscriber`,`facility_id`,`search_key`,`created_at`) WHERE includes_transportation = 1;

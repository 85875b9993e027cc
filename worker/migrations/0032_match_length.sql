CREATE TABLE `booking_slot_claims` (
	`slot_id` integer PRIMARY KEY NOT NULL,
	`booking_id` integer NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `booking_slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_slot_claims_booking` ON `booking_slot_claims` (`booking_id`);--> statement-breakpoint
ALTER TABLE `bookings` ADD `ends_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `duration` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `facilities` ADD `match_lengths` text DEFAULT '[60]' NOT NULL;--> statement-breakpoint
ALTER TABLE `facilities` ADD `half_hour_starts` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `facilities` ADD `deposit_per_hour` integer DEFAULT false NOT NULL;--> statement-breakpoint

-- Match length (docs/behaviour.md#match-length): a booking covers the slots of its pitch starting in [starts_at, ends_at),
-- slot_id being the first; duration is its length in minutes, end_time the last covered slot's end, slot_price the
-- covered slots' prices summed. Every pitch keeps what it had: one slot's length offered (60, or 30 on a half-hourly
-- pitch), half-hour starts on, one deposit per booking.
UPDATE facilities SET match_lengths = '[30]' WHERE booking_time_type = 'half-hourly';--> statement-breakpoint
UPDATE bookings SET ends_at = starts_at + coalesce((SELECT s.ends_at - s.starts_at FROM booking_slots s WHERE s.id = bookings.slot_id),
    (SELECT CASE f.booking_time_type WHEN 'half-hourly' THEN 30 ELSE 60 END FROM facilities f
      WHERE f.id = bookings.facility_id) * 60000)
  WHERE ends_at = 0;--> statement-breakpoint
UPDATE bookings SET duration = (ends_at - starts_at) / 60000 WHERE duration = 0;--> statement-breakpoint

-- booking_slot_claims: one row per slot a live (pending or approved) booking covers, kept only by the triggers below, so
-- whatever path writes a booking (the pitch's Durable Object, a subscription, the seed, a hand-written insert) its slots
-- are claimed in the same statement. Its primary key is the one-live-booking-per-slot guarantee for EVERY covered slot;
-- bookings_one_live_per_slot (the first slot) stays as it was. Every existing booking is one slot long: a live one claims
-- its own slot (one with no slot, unlinked by a slot's deletion, held none before and claims none).
INSERT OR IGNORE INTO booking_slot_claims (slot_id, booking_id)
  SELECT slot_id, id FROM bookings WHERE status IN ('pending', 'approved') AND slot_id IS NOT NULL ORDER BY id;--> statement-breakpoint

-- A row written without its range (ends_at 0: an older writer, a hand-written insert) covers its own slot, as before
-- (booking_claims_insert claims it; one naming no slot claims none): its range is filled as one slot's length from its
-- start (the pitch's slot length when it names no slot).
CREATE TRIGGER `booking_range_fill` AFTER INSERT ON `bookings` WHEN NEW.ends_at = 0 OR NEW.duration = 0 BEGIN
  UPDATE bookings SET ends_at = CASE WHEN NEW.ends_at > 0 THEN NEW.ends_at ELSE NEW.starts_at + coalesce((SELECT s0.ends_at - s0.starts_at FROM booking_slots s0 WHERE s0.id = NEW.slot_id),
      (SELECT CASE f.booking_time_type WHEN 'half-hourly' THEN 30 ELSE 60 END FROM facilities f WHERE f.id = NEW.facility_id) * 60000) END
    WHERE id = NEW.id;
  UPDATE bookings SET duration = (ends_at - starts_at) / 60000 WHERE id = NEW.id AND duration = 0;
END;--> statement-breakpoint

-- Occupancy (slot_hour_stats, migration 0016) counts each covered slot of an approved booking: booked is the number of
-- claimed slots whose booking is approved, per pitch, day and start hour (and over every pitch under facility_id 0). The
-- claims triggers keep it in the same statement: an approved booking's slots leave the count before its claims change
-- and come back after, so a change that ends where it began nets to zero. Recounted here from the claims.
DROP TRIGGER IF EXISTS `booking_slot_stats_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `booking_slot_stats_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `booking_slot_stats_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `slot_hour_stats_delete`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `slot_hour_stats_update`;--> statement-breakpoint
UPDATE slot_hour_stats SET booked = 0 WHERE booked <> 0;--> statement-breakpoint
UPDATE slot_hour_stats SET booked = n.booked
  FROM (SELECT s.facility_id, s.date, substr(s.start_time, 1, 2) || ':00' AS hour, count(*) AS booked
    FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id JOIN bookings b ON b.id = c.booking_id
    WHERE b.status = 'approved' GROUP BY 1, 2, 3) AS n
  WHERE slot_hour_stats.facility_id = n.facility_id AND slot_hour_stats.date = n.date AND slot_hour_stats.hour = n.hour;--> statement-breakpoint
UPDATE slot_hour_stats SET booked = n.booked
  FROM (SELECT s.date, substr(s.start_time, 1, 2) || ':00' AS hour, count(*) AS booked
    FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id JOIN bookings b ON b.id = c.booking_id
    WHERE b.status = 'approved' GROUP BY 1, 2) AS n
  WHERE slot_hour_stats.facility_id = 0 AND slot_hour_stats.date = n.date AND slot_hour_stats.hour = n.hour;--> statement-breakpoint

-- A new live booking claims its range. With its range named (ends_at > 0: every writer of this code), the claimed slots
-- must tile it exactly (back to back, none missing, none running past its end): a gap aborts the whole write, so no
-- booking is ever stored over a missing slot. A slot another live booking claims aborts it on the primary key.
CREATE TRIGGER `booking_claims_insert` AFTER INSERT ON `bookings` WHEN NEW.status IN ('pending', 'approved') BEGIN
  INSERT INTO booking_slot_claims (slot_id, booking_id)
    SELECT s.id, NEW.id FROM booking_slots s
      WHERE NEW.ends_at > 0 AND s.facility_id = NEW.facility_id AND s.starts_at >= NEW.starts_at AND s.starts_at < NEW.ends_at
    UNION ALL SELECT s.id, NEW.id FROM booking_slots s WHERE NEW.ends_at = 0 AND s.id = NEW.slot_id;
  SELECT RAISE(ABORT, 'booking_slot_claims: range not covered by the pitch''s slots')
    WHERE NEW.ends_at > 0 AND coalesce((SELECT sum(s.ends_at - s.starts_at) FROM booking_slot_claims c
      JOIN booking_slots s ON s.id = c.slot_id WHERE c.booking_id = NEW.id AND s.ends_at <= NEW.ends_at), 0)
      <> NEW.ends_at - NEW.starts_at;
  UPDATE slot_hour_stats SET booked = booked + (SELECT count(*) FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
      WHERE c.booking_id = NEW.id AND s.date = slot_hour_stats.date AND substr(s.start_time, 1, 2) || ':00' = slot_hour_stats.hour
        AND slot_hour_stats.facility_id IN (0, s.facility_id))
    WHERE NEW.status = 'approved'
      AND facility_id IN (SELECT 0 UNION ALL SELECT s.facility_id FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = NEW.id)
      AND date IN (SELECT s.date FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id WHERE c.booking_id = NEW.id)
      AND hour IN (SELECT substr(s.start_time, 1, 2) || ':00' FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = NEW.id);
END;--> statement-breakpoint
-- A status or range change: the approved booking's slots leave the occupancy, the claims follow (a booking that stops
-- being live frees them all at once; one that becomes live, or moves, claims its range), and come back while approved.
-- A booking moves (re-claims) when it is linked to another slot, or when its range changes as a whole (its length kept):
-- the product never moves one, and a hand-written change of one end alone, or of facility_id, leaves its claims on the
-- slots it covers. A slot's deletion only unlinks slot_id (its claim goes with the slot): nothing to re-claim then. The
-- range filling of booking_range_fill (ends_at from 0) is the insert's own business.
CREATE TRIGGER `booking_claims_update` AFTER UPDATE OF `status`, `facility_id`, `slot_id`, `starts_at`, `ends_at` ON `bookings`
  WHEN OLD.ends_at <> 0 AND (OLD.status IS NOT NEW.status OR ((NEW.slot_id IS NOT NULL AND OLD.slot_id IS NOT NEW.slot_id) OR ((OLD.starts_at IS NOT NEW.starts_at OR OLD.ends_at IS NOT NEW.ends_at) AND NEW.ends_at - NEW.starts_at = NEW.duration * 60000)))
BEGIN
  UPDATE slot_hour_stats SET booked = booked - (SELECT count(*) FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
      WHERE c.booking_id = OLD.id AND s.date = slot_hour_stats.date AND substr(s.start_time, 1, 2) || ':00' = slot_hour_stats.hour
        AND slot_hour_stats.facility_id IN (0, s.facility_id))
    WHERE OLD.status = 'approved'
      AND facility_id IN (SELECT 0 UNION ALL SELECT s.facility_id FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = OLD.id)
      AND date IN (SELECT s.date FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id WHERE c.booking_id = OLD.id)
      AND hour IN (SELECT substr(s.start_time, 1, 2) || ':00' FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = OLD.id);
  DELETE FROM booking_slot_claims WHERE booking_id = OLD.id
    AND (NEW.status NOT IN ('pending', 'approved') OR ((NEW.slot_id IS NOT NULL AND OLD.slot_id IS NOT NEW.slot_id) OR ((OLD.starts_at IS NOT NEW.starts_at OR OLD.ends_at IS NOT NEW.ends_at) AND NEW.ends_at - NEW.starts_at = NEW.duration * 60000)));
  INSERT INTO booking_slot_claims (slot_id, booking_id)
    SELECT s.id, NEW.id FROM booking_slots s
    WHERE NEW.status IN ('pending', 'approved') AND NEW.slot_id IS NOT NULL
      AND (OLD.status NOT IN ('pending', 'approved') OR ((NEW.slot_id IS NOT NULL AND OLD.slot_id IS NOT NEW.slot_id) OR ((OLD.starts_at IS NOT NEW.starts_at OR OLD.ends_at IS NOT NEW.ends_at) AND NEW.ends_at - NEW.starts_at = NEW.duration * 60000)))
      AND s.facility_id = NEW.facility_id AND s.starts_at >= NEW.starts_at AND s.starts_at < NEW.ends_at;
  UPDATE slot_hour_stats SET booked = booked + (SELECT count(*) FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
      WHERE c.booking_id = NEW.id AND s.date = slot_hour_stats.date AND substr(s.start_time, 1, 2) || ':00' = slot_hour_stats.hour
        AND slot_hour_stats.facility_id IN (0, s.facility_id))
    WHERE NEW.status = 'approved'
      AND facility_id IN (SELECT 0 UNION ALL SELECT s.facility_id FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = NEW.id)
      AND date IN (SELECT s.date FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id WHERE c.booking_id = NEW.id)
      AND hour IN (SELECT substr(s.start_time, 1, 2) || ':00' FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = NEW.id);
END;--> statement-breakpoint
CREATE TRIGGER `booking_claims_delete` BEFORE DELETE ON `bookings` BEGIN
  UPDATE slot_hour_stats SET booked = booked - (SELECT count(*) FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
      WHERE c.booking_id = OLD.id AND s.date = slot_hour_stats.date AND substr(s.start_time, 1, 2) || ':00' = slot_hour_stats.hour
        AND slot_hour_stats.facility_id IN (0, s.facility_id))
    WHERE OLD.status = 'approved'
      AND facility_id IN (SELECT 0 UNION ALL SELECT s.facility_id FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = OLD.id)
      AND date IN (SELECT s.date FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id WHERE c.booking_id = OLD.id)
      AND hour IN (SELECT substr(s.start_time, 1, 2) || ':00' FROM booking_slot_claims c JOIN booking_slots s ON s.id = c.slot_id
        WHERE c.booking_id = OLD.id);
  DELETE FROM booking_slot_claims WHERE booking_id = OLD.id;
END;--> statement-breakpoint
-- BEFORE: the slot's claim is still there (the foreign key's ON DELETE CASCADE removes it with the row).
CREATE TRIGGER `slot_hour_stats_delete` BEFORE DELETE ON `booking_slots` BEGIN
  UPDATE slot_hour_stats SET generated = generated - 1,
      booked = booked - (SELECT count(*) FROM booking_slot_claims c JOIN bookings b ON b.id = c.booking_id
        WHERE c.slot_id = OLD.id AND b.status = 'approved')
    WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date AND hour = substr(OLD.start_time, 1, 2) || ':00';
  DELETE FROM slot_hour_stats WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date
    AND hour = substr(OLD.start_time, 1, 2) || ':00' AND generated <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `slot_hour_stats_update` AFTER UPDATE OF `facility_id`, `date`, `start_time` ON `booking_slots`
  WHEN OLD.facility_id IS NOT NEW.facility_id OR OLD.date IS NOT NEW.date OR OLD.start_time IS NOT NEW.start_time
BEGIN
  INSERT INTO slot_hour_stats (facility_id, date, hour, generated, booked)
    SELECT k.facility_id, NEW.date, substr(NEW.start_time, 1, 2) || ':00', 1, (SELECT count(*) FROM booking_slot_claims c
        JOIN bookings b ON b.id = c.booking_id WHERE c.slot_id = NEW.id AND b.status = 'approved')
    FROM (SELECT NEW.facility_id AS facility_id UNION ALL SELECT 0) AS k WHERE true
    ON CONFLICT (facility_id, date, hour) DO UPDATE SET generated = generated + 1, booked = booked + excluded.booked;
  UPDATE slot_hour_stats SET generated = generated - 1,
      booked = booked - (SELECT count(*) FROM booking_slot_claims c JOIN bookings b ON b.id = c.booking_id
        WHERE c.slot_id = OLD.id AND b.status = 'approved')
    WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date AND hour = substr(OLD.start_time, 1, 2) || ':00';
  DELETE FROM slot_hour_stats WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date
    AND hour = substr(OLD.start_time, 1, 2) || ':00' AND generated <= 0;
END;

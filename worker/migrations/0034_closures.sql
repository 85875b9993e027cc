CREATE TABLE `closure_facilities` (
	`closure_id` integer NOT NULL,
	`facility_id` integer NOT NULL,
	PRIMARY KEY(`facility_id`, `closure_id`),
	FOREIGN KEY (`closure_id`) REFERENCES `closures`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `closures` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`start_time` text,
	`end_time` text,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`cancelled_count` integer DEFAULT 0 NOT NULL,
	`moved_count` integer DEFAULT 0 NOT NULL,
	`created_by_id` integer,
	`created_by_name` text NOT NULL,
	`created_at` integer NOT NULL,
	`lifted_by_id` integer,
	`lifted_by_name` text,
	`lifted_at` integer,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`lifted_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `closures_document_id_unique` ON `closures` (`document_id`);--> statement-breakpoint
CREATE INDEX `closures_live` ON `closures` (`to_date`) WHERE lifted_at is null;--> statement-breakpoint
CREATE INDEX `closures_created` ON `closures` (`created_at`);--> statement-breakpoint
ALTER TABLE `slot_hour_stats` ADD `closed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_slots` ADD `closure_id` integer;--> statement-breakpoint
CREATE INDEX `booking_slots_closure` ON `booking_slots` (`closure_id`) WHERE closure_id is not null;--> statement-breakpoint

-- Closures (docs/behaviour.md#closures). A slot is closed while booking_slots.closure_id names a closure. The guarantee,
-- whatever path writes: no live booking claims a closed slot (its claim is refused), and a slot a live booking claims is
-- never marked closed (the mark is refused), so a closure and a booking of one slot cannot both land.
CREATE TRIGGER `closure_claim_guard` BEFORE INSERT ON `booking_slot_claims` BEGIN
  SELECT RAISE(ABORT, 'closure_closed: the slot is closed')
    WHERE EXISTS (SELECT 1 FROM booking_slots s WHERE s.id = NEW.slot_id AND s.closure_id IS NOT NULL);
END;--> statement-breakpoint
CREATE TRIGGER `closure_slot_guard` BEFORE UPDATE OF `closure_id` ON `booking_slots`
  WHEN NEW.closure_id IS NOT NULL AND OLD.closure_id IS NULL BEGIN
  SELECT RAISE(ABORT, 'closure_booked: a live booking holds the slot')
    WHERE EXISTS (SELECT 1 FROM booking_slot_claims c WHERE c.slot_id = OLD.id);
END;--> statement-breakpoint
-- A slot created inside a live closure's window (generation, the hourly horizon, a regeneration's replacement) is created
-- closed: nothing reopens a closed hour but lifting its closure. The window's hours are read around the clock from
-- start_time, so '20:00'–'02:00' holds 20:00 … 01:xx of the business day.
CREATE TRIGGER `closure_slot_created` AFTER INSERT ON `booking_slots`
  WHEN EXISTS (SELECT 1 FROM closure_facilities cf JOIN closures c ON c.id = cf.closure_id
    WHERE cf.facility_id = NEW.facility_id AND c.lifted_at IS NULL AND c.to_date >= NEW.date)
BEGIN
  UPDATE booking_slots SET closure_id = (SELECT min(c.id) FROM closure_facilities cf JOIN closures c ON c.id = cf.closure_id
      WHERE cf.facility_id = NEW.facility_id AND c.lifted_at IS NULL AND NEW.date BETWEEN c.from_date AND c.to_date
        AND (c.start_time IS NULL OR ((cast(substr(NEW.start_time, 1, 2) AS integer) * 60 + cast(substr(NEW.start_time, 4, 2) AS integer)
          - cast(substr(c.start_time, 1, 2) AS integer) * 60 - cast(substr(c.start_time, 4, 2) AS integer) + 1440) % 1440
          < (cast(substr(c.end_time, 1, 2) AS integer) * 60 + cast(substr(c.end_time, 4, 2) AS integer)
          - cast(substr(c.start_time, 1, 2) AS integer) * 60 - cast(substr(c.start_time, 4, 2) AS integer) + 1440) % 1440)))
    WHERE id = NEW.id AND closure_id IS NULL;
END;--> statement-breakpoint
-- Occupancy's capacity leaves out closed slots: slot_hour_stats.closed counts them per pitch, day and hour (and under
-- facility_id 0 over every pitch), kept with the mark. An upsert, whichever of this and slot_hour_stats_insert runs first.
CREATE TRIGGER `closure_stats_update` AFTER UPDATE OF `closure_id` ON `booking_slots`
  WHEN (OLD.closure_id IS NULL) <> (NEW.closure_id IS NULL) BEGIN
  INSERT INTO slot_hour_stats (facility_id, date, hour, generated, booked, closed)
    SELECT k.facility_id, NEW.date, substr(NEW.start_time, 1, 2) || ':00', 0, 0, CASE WHEN NEW.closure_id IS NULL THEN -1 ELSE 1 END
    FROM (SELECT NEW.facility_id AS facility_id UNION ALL SELECT 0) AS k WHERE true
    ON CONFLICT (facility_id, date, hour) DO UPDATE SET closed = closed + excluded.closed;
END;--> statement-breakpoint
CREATE TRIGGER `closure_stats_delete` BEFORE DELETE ON `booking_slots` WHEN OLD.closure_id IS NOT NULL BEGIN
  UPDATE slot_hour_stats SET closed = closed - 1
    WHERE facility_id IN (0, OLD.facility_id) AND date = OLD.date AND hour = substr(OLD.start_time, 1, 2) || ':00';
END;

CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`key_hash` text NOT NULL,
	`kind` text NOT NULL,
	`facility_id` integer,
	`facility_ids` text DEFAULT '[]' NOT NULL,
	`date` text NOT NULL,
	`from_time` text NOT NULL,
	`to_time` text NOT NULL,
	`until_at` integer NOT NULL,
	`duration` integer,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_id` integer,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offer_facility_id` integer,
	`offer_slot_id` integer,
	`offer_starts_at` integer,
	`offer_ends_at` integer,
	`offer_expires_at` integer,
	`offer_seq` integer DEFAULT 0 NOT NULL,
	`claimed_booking_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_document_id_unique` ON `waitlist_entries` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_key_hash_unique` ON `waitlist_entries` (`key_hash`);--> statement-breakpoint
CREATE INDEX `waitlist_queue` ON `waitlist_entries` (`facility_id`,`date`,`from_time`,`id`) WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `waitlist_windows` ON `waitlist_entries` (`date`,`id`) WHERE kind = 'window' and status in ('waiting', 'offered');--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_one_per_phone_slot` ON `waitlist_entries` (`facility_id`,`date`,`from_time`,`customer_phone`) WHERE kind = 'slot' and status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `waitlist_phone` ON `waitlist_entries` (`customer_phone`,`status`);--> statement-breakpoint
CREATE INDEX `waitlist_offered_hold` ON `waitlist_entries` (`offer_facility_id`,`offer_starts_at`) WHERE status = 'offered';--> statement-breakpoint
CREATE INDEX `waitlist_offer_expiry` ON `waitlist_entries` (`offer_expires_at`) WHERE status = 'offered';--> statement-breakpoint
CREATE INDEX `waitlist_until` ON `waitlist_entries` (`until_at`) WHERE status = 'waiting';--> statement-breakpoint
CREATE INDEX `waitlist_customer` ON `waitlist_entries` (`customer_id`);--> statement-breakpoint
CREATE TABLE `waitlist_push_subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`entry_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `waitlist_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_push_entry_endpoint` ON `waitlist_push_subscriptions` (`entry_id`,`endpoint`);--> statement-breakpoint
ALTER TABLE `booking_rules` ADD `waitlist_claim_minutes` integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `waitlist_entry_id` integer;--> statement-breakpoint

-- The hold of a waitlist offer (docs/behaviour.md#waitlist): while an entry is offered and its offer has not run out, no
-- live booking may cover any part of [offer_starts_at, offer_ends_at) of its pitch but the one that claims it
-- (waitlist_entry_id naming that entry), whatever path writes it. A booking written without its range (ends_at 0)
-- covers at least its start. The claimant must match the hold exactly (same pitch, start and end), while it runs.
CREATE TRIGGER `waitlist_hold_insert` BEFORE INSERT ON `bookings` WHEN NEW.status IN ('pending', 'approved') BEGIN
  SELECT RAISE(ABORT, 'waitlist_hold: held for a waiting player') WHERE EXISTS (SELECT 1 FROM waitlist_entries w
    WHERE w.status = 'offered' AND w.offer_facility_id = NEW.facility_id
      AND w.offer_starts_at < (CASE WHEN NEW.ends_at > NEW.starts_at THEN NEW.ends_at ELSE NEW.starts_at + 1 END)
      AND w.offer_ends_at > NEW.starts_at
      AND w.offer_expires_at > cast(unixepoch('subsec') * 1000 as integer)
      AND w.id IS NOT NEW.waitlist_entry_id);
  SELECT RAISE(ABORT, 'waitlist_claim: no such hold') WHERE NEW.waitlist_entry_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM waitlist_entries w WHERE w.id = NEW.waitlist_entry_id AND w.status = 'offered'
      AND w.offer_facility_id = NEW.facility_id AND w.offer_starts_at = NEW.starts_at AND w.offer_ends_at = NEW.ends_at
      AND w.offer_expires_at > cast(unixepoch('subsec') * 1000 as integer));
END;--> statement-breakpoint
-- A booking made live again, or moved, over a running hold is refused the same way (the range filling of an insert,
-- from ends_at 0, is the insert's own business).
CREATE TRIGGER `waitlist_hold_update` BEFORE UPDATE OF `status`, `facility_id`, `starts_at`, `ends_at` ON `bookings`
  WHEN NEW.status IN ('pending', 'approved') AND OLD.ends_at <> 0 AND (OLD.status NOT IN ('pending', 'approved')
    OR OLD.facility_id IS NOT NEW.facility_id OR OLD.starts_at IS NOT NEW.starts_at OR OLD.ends_at IS NOT NEW.ends_at)
BEGIN
  SELECT RAISE(ABORT, 'waitlist_hold: held for a waiting player') WHERE EXISTS (SELECT 1 FROM waitlist_entries w
    WHERE w.status = 'offered' AND w.offer_facility_id = NEW.facility_id
      AND w.offer_starts_at < NEW.ends_at AND w.offer_ends_at > NEW.starts_at
      AND w.offer_expires_at > cast(unixepoch('subsec') * 1000 as integer)
      AND w.id IS NOT NEW.waitlist_entry_id);
END;--> statement-breakpoint
-- The claim is single use: the booking that claims a hold makes its entry 'claimed' in the same statement.
CREATE TRIGGER `waitlist_claim` AFTER INSERT ON `bookings` WHEN NEW.waitlist_entry_id IS NOT NULL BEGIN
  UPDATE waitlist_entries SET status = 'claimed', claimed_booking_id = NEW.id,
      updated_at = cast(unixepoch('subsec') * 1000 as integer)
    WHERE id = NEW.waitlist_entry_id AND status = 'offered';
END;--> statement-breakpoint
-- An entry that stops being live (claimed, passed, left, ended) no longer hears anything: its devices go.
CREATE TRIGGER `waitlist_push_end` AFTER UPDATE OF `status` ON `waitlist_entries`
  WHEN NEW.status NOT IN ('waiting', 'offered') BEGIN
  DELETE FROM waitlist_push_subscriptions WHERE entry_id = NEW.id;
END;

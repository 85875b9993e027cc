CREATE TABLE `booking_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`hold_timeout_minutes` integer DEFAULT 60 NOT NULL,
	`cancel_window_hours` integer DEFAULT 24 NOT NULL,
	`slot_horizon_days` integer DEFAULT 30 NOT NULL,
	`same_day_rule` integer DEFAULT true NOT NULL,
	`booking_per_ip` integer DEFAULT 150 NOT NULL,
	`booking_per_phone` integer DEFAULT 10 NOT NULL,
	`lookup_per_ip` integer DEFAULT 600 NOT NULL,
	`lookup_per_target` integer DEFAULT 30 NOT NULL,
	`login_per_ip` integer DEFAULT 100 NOT NULL,
	`login_per_identifier` integer DEFAULT 10 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
DROP INDEX `bookings_one_live_per_phone_day`;--> statement-breakpoint
ALTER TABLE `bookings` ADD `same_day_rule` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_one_live_per_phone_day` ON `bookings` (`customer_phone`,`date`) WHERE status in ('pending', 'approved') and is_recurring = 0 and same_day_rule = 1;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `seo_title` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `seo_description` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `instagram` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `facebook` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `x` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `youtube` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `whatsapp` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `maintenance_mode` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `maintenance_message` text;--> statement-breakpoint
ALTER TABLE `site_settings` ADD `kvkk_text` text;--> statement-breakpoint

-- The booking rules' one row, with exactly the values the code used before this migration (hold 60 min,
-- cancel 24 h before, 30 days of slots, same-day rule on, the limits wrangler.toml set), so nothing changes until an
-- admin saves the form.
INSERT INTO booking_rules (id) VALUES (1);
--> statement-breakpoint
-- The public pages read the rules too (the calendar's last bookable date, the cancel window the tracking and contact
-- pages promise): a change is a new edge-cache version, like every other write they show (migration 0009).
CREATE TRIGGER `content_version_booking_rules_insert` AFTER INSERT ON `booking_rules` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_booking_rules_update` AFTER UPDATE ON `booking_rules` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_booking_rules_delete` AFTER DELETE ON `booking_rules` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;

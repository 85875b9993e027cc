CREATE TABLE `facility_addons` (
	`id` integer PRIMARY KEY NOT NULL,
	`facility_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`description` text,
	`price` integer NOT NULL,
	`unit` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`stock_per_slot` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `facility_addons_facility` ON `facility_addons` (`facility_id`,`sort_order`);--> statement-breakpoint
CREATE UNIQUE INDEX `facility_addons_name` ON `facility_addons` (`facility_id`,`name_key`);--> statement-breakpoint
-- The public pitch answer lists the active add-ons: a write to them is a new edge-cache key (migration 0009).
CREATE TRIGGER `content_version_facility_addons_insert` AFTER INSERT ON `facility_addons` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_addons_update` AFTER UPDATE ON `facility_addons` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_addons_delete` AFTER DELETE ON `facility_addons` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;

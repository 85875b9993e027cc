CREATE TABLE `price_rules` (
	`id` integer PRIMARY KEY NOT NULL,
	`facility_id` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`name` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`days` text NOT NULL,
	`date_from` text,
	`date_to` text,
	`start_time` text,
	`end_time` text,
	`adjustment` text NOT NULL,
	`amount` integer NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_rules_facility` ON `price_rules` (`facility_id`,`sort_order`);
ALTER TABLE `bookings` ADD `addons` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `addons_price` integer DEFAULT 0 NOT NULL;
CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`booking_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_booking_endpoint` ON `push_subscriptions` (`booking_id`,`endpoint`);--> statement-breakpoint
ALTER TABLE `booking_rules` ADD `reminder_hours` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `reminder_sent_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_reminder_due` ON `bookings` (`starts_at`) WHERE status = 'approved' and reminder_sent_at is null;
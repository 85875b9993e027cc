CREATE TABLE `calendar_feeds` (
	`id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`recurring_group_id` text NOT NULL,
	`created_by_id` integer,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_unique` ON `calendar_feeds` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_live` ON `calendar_feeds` (`recurring_group_id`) WHERE revoked_at is null;--> statement-breakpoint
ALTER TABLE `bookings` ADD `share_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_share_token` ON `bookings` (`share_token`) WHERE share_token is not null;
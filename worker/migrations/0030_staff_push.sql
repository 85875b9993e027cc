CREATE TABLE `staff_push_subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`session_id` text NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `staff_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_push_subscriptions_endpoint_unique` ON `staff_push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `staff_push_subscriptions_session` ON `staff_push_subscriptions` (`session_id`);--> statement-breakpoint
CREATE INDEX `staff_push_subscriptions_user` ON `staff_push_subscriptions` (`user_id`);
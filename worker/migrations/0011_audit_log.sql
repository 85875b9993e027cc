CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_user_id` integer,
	`actor_name` text NOT NULL,
	`entity_kind` text NOT NULL,
	`entity_id` text,
	`entity_label` text,
	`action` text NOT NULL,
	`summary` text NOT NULL,
	`details` text,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_at` ON `audit_log` (`actor_user_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_kind_at` ON `audit_log` (`entity_kind`,`at`,`id`);
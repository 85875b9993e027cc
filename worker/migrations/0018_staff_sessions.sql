CREATE TABLE `staff_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_sessions_user` ON `staff_sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `staff_sessions_expiry` ON `staff_sessions` (`expires_at`);--> statement-breakpoint
ALTER TABLE `booking_history` ADD `event` text;--> statement-breakpoint
-- Backfill: the two events written before this column, told apart by the reason text they were written with.
UPDATE `booking_history` SET `event` = 'notes' WHERE `from_status` = `to_status` AND `reason` = 'Notlar güncellendi';--> statement-breakpoint
UPDATE `booking_history` SET `event` = 'erased' WHERE `from_status` = `to_status` AND `reason` = 'Müşteri bilgileri silindi';

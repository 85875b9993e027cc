ALTER TABLE `bookings` ADD `addons` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `addons_price` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `bookings_report` ON `bookings` (`status`,`date`,`facility_id`,`customer_phone`,`is_subscriber`,`includes_transportation`,`total_price`,`deposit_amount`,`slot_price`,`transportation_price`,`addons_price`);--> statement-breakpoint
CREATE INDEX `bookings_report_status` ON `bookings` (`date`,`facility_id`,`status`);--> statement-breakpoint
CREATE INDEX `booking_slots_date` ON `booking_slots` (`date`,`start_time`);
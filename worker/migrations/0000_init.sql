CREATE TABLE `facility_amenities` (
	`id` integer PRIMARY KEY NOT NULL,
	`facility_id` integer NOT NULL,
	`name` text NOT NULL,
	`available` integer DEFAULT true NOT NULL,
	`icon` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `facility_amenities_facility` ON `facility_amenities` (`facility_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `booking_history` (
	`id` integer PRIMARY KEY NOT NULL,
	`booking_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`reason` text,
	`actor_type` text NOT NULL,
	`actor_user_id` integer,
	`actor_label` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `booking_history_booking` ON `booking_history` (`booking_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`booking_number` text NOT NULL,
	`facility_id` integer NOT NULL,
	`slot_id` integer,
	`customer_id` integer,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_email` text,
	`notes` text,
	`date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`starts_at` integer NOT NULL,
	`slot_price` integer NOT NULL,
	`includes_transportation` integer DEFAULT false NOT NULL,
	`transportation_price` integer DEFAULT 0 NOT NULL,
	`pickup_point_id` text,
	`pickup_point_name` text,
	`pickup_point_address` text,
	`pickup_time` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`total_price` integer NOT NULL,
	`deposit_amount` integer DEFAULT 0 NOT NULL,
	`is_subscriber` integer DEFAULT false NOT NULL,
	`is_recurring` integer DEFAULT false NOT NULL,
	`recurring_group_id` text,
	`expires_at` integer,
	`approved_by_id` integer,
	`approved_at` integer,
	`rejection_reason` text,
	`cancellation_reason` text,
	`cancelled_at` integer,
	`source` text DEFAULT 'web' NOT NULL,
	`client_timestamp` text,
	`client_timezone` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`slot_id`) REFERENCES `booking_slots`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`approved_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_document_id_unique` ON `bookings` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_booking_number_unique` ON `bookings` (`booking_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_one_live_per_slot` ON `bookings` (`slot_id`) WHERE status in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX `bookings_phone_date` ON `bookings` (`customer_phone`,`date`);--> statement-breakpoint
CREATE INDEX `bookings_phone_created` ON `bookings` (`customer_phone`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_facility_date` ON `bookings` (`facility_id`,`date`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_date_time` ON `bookings` (`date`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_status_created` ON `bookings` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_created` ON `bookings` (`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_pending_expiry` ON `bookings` (`facility_id`,`expires_at`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `bookings_recurring_group` ON `bookings` (`recurring_group_id`);--> statement-breakpoint
CREATE INDEX `bookings_customer` ON `bookings` (`customer_id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`is_subscriber` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_phone_unique` ON `customers` (`phone`);--> statement-breakpoint
CREATE INDEX `customers_subscriber` ON `customers` (`is_subscriber`);--> statement-breakpoint
CREATE TABLE `facilities` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`address` text,
	`location` text,
	`latitude` real,
	`longitude` real,
	`is_active` integer DEFAULT true NOT NULL,
	`hourly_price` integer DEFAULT 15000 NOT NULL,
	`deposit_amount` integer DEFAULT 0 NOT NULL,
	`deposit_iban` text,
	`bank_name` text,
	`recipient_name` text,
	`phone_numbers` text DEFAULT '[]' NOT NULL,
	`email` text,
	`google_maps_location` text,
	`working_hours` text NOT NULL,
	`booking_time_type` text DEFAULT 'hourly' NOT NULL,
	`start_time_offset` text DEFAULT 'full_hour' NOT NULL,
	`auto_approval_timeout` integer DEFAULT 60 NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`rating` real DEFAULT 5 NOT NULL,
	`seo_title` text,
	`seo_description` text,
	`seo_keywords` text,
	`facility_services` text DEFAULT '[]' NOT NULL,
	`services` text DEFAULT '[]' NOT NULL,
	`transport_is_active` integer DEFAULT false NOT NULL,
	`transport_price` integer DEFAULT 0 NOT NULL,
	`transport_description` text,
	`vehicle_type` text,
	`vehicle_capacity` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facilities_document_id_unique` ON `facilities` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `facilities_slug_unique` ON `facilities` (`slug`);--> statement-breakpoint
CREATE INDEX `facilities_listing` ON `facilities` (`is_active`,`priority`,`name`);--> statement-breakpoint
CREATE TABLE `facility_images` (
	`id` integer PRIMARY KEY NOT NULL,
	`facility_id` integer NOT NULL,
	`r2_key` text NOT NULL,
	`name` text NOT NULL,
	`alternative_text` text,
	`mime` text NOT NULL,
	`size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `facility_images_r2_key_unique` ON `facility_images` (`r2_key`);--> statement-breakpoint
CREATE INDEX `facility_images_facility` ON `facility_images` (`facility_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`type` text NOT NULL,
	`priority` text DEFAULT 'medium' NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`read_at` integer,
	`target_role` text,
	`booking_id` integer,
	`facility_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_document_id_unique` ON `notifications` (`document_id`);--> statement-breakpoint
CREATE INDEX `notifications_created` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE INDEX `notifications_unread` ON `notifications` (`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `pickup_points` (
	`id` text PRIMARY KEY NOT NULL,
	`facility_id` integer NOT NULL,
	`name` text NOT NULL,
	`address` text,
	`description` text,
	`time` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pickup_points_facility` ON `pickup_points` (`facility_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `roles` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`description` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `roles_name_unique` ON `roles` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `roles_type_unique` ON `roles` (`type`);--> statement-breakpoint
CREATE TABLE `seo_pages` (
	`key` text PRIMARY KEY NOT NULL,
	`meta_title` text NOT NULL,
	`meta_description` text NOT NULL,
	`keywords` text,
	`canonical_url` text,
	`og_title` text,
	`og_description` text,
	`share_image_url` text,
	`structured_data` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `site_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`site_name` text NOT NULL,
	`tagline` text,
	`contact_phones` text DEFAULT '[]' NOT NULL,
	`contact_email` text,
	`address` text,
	`city` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `booking_slots` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`facility_id` integer NOT NULL,
	`date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`price` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `booking_slots_document_id_unique` ON `booking_slots` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `booking_slots_facility_date_time` ON `booking_slots` (`facility_id`,`date`,`start_time`);--> statement-breakpoint
CREATE INDEX `booking_slots_facility_starts` ON `booking_slots` (`facility_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`password_hash` text NOT NULL,
	`role_id` integer NOT NULL,
	`blocked` integer DEFAULT false NOT NULL,
	`last_login_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`role_id`) REFERENCES `roles`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_document_id_unique` ON `users` (`document_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_nocase` ON `users` ("username" collate nocase);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_nocase` ON `users` ("email" collate nocase);
ALTER TABLE `bookings` ADD `search_key` text;--> statement-breakpoint
CREATE INDEX `bookings_panel_list` ON `bookings` (`status`,`date`,`starts_at`,`is_subscriber`,`includes_transportation`,`facility_id`,`search_key`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_starts_at` ON `bookings` (`starts_at`);--> statement-breakpoint
-- The search key of the panel's booking list: folded name, phone and booking number (see schema.ts searchKey).
UPDATE `bookings` SET `search_key` = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(customer_name, 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || customer_phone || ' ' || lower(booking_number);--> statement-breakpoint
CREATE TRIGGER `bookings_search_key_insert` AFTER INSERT ON `bookings` BEGIN
  UPDATE `bookings` SET `search_key` = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.customer_name, 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || NEW.customer_phone || ' ' || lower(NEW.booking_number) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `bookings_search_key_update` AFTER UPDATE OF `customer_name`, `customer_phone`, `booking_number` ON `bookings` BEGIN
  UPDATE `bookings` SET `search_key` = lower(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(NEW.customer_name, 'Ç', 'c'), 'ç', 'c'), 'Ğ', 'g'), 'ğ', 'g'), 'İ', 'i'), 'ı', 'i'), 'Ö', 'o'), 'ö', 'o'), 'Ş', 's'), 'ş', 's'), 'Ü', 'u'), 'ü', 'u'), 'Â', 'a'), 'â', 'a')) || ' ' || NEW.customer_phone || ' ' || lower(NEW.booking_number) WHERE `id` = NEW.`id`;
END;

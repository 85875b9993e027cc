-- Smaller WebP copies of each pitch photo for srcset (issue 9); older photos have none.
ALTER TABLE `facility_images` ADD `variants` text DEFAULT '[]' NOT NULL;
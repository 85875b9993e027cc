-- Smaller WebP copies of each pitch photo for srcset; older photos have none.
ALTER TABLE `facility_images` ADD `variants` text DEFAULT '[]' NOT NULL;
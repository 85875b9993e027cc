CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` text NOT NULL
);--> statement-breakpoint

-- The public pages' content version (worker/src/lib/edge-cache.ts): one row whose random token is replaced by
-- the triggers below in the same statement as every insert, update or delete of what the public pages and the public
-- pitch API show (pitches, their images, amenities and pickup points, site settings, SEO entries), whatever path wrote
-- it (panel, seed, scripts, raw SQL). The edge cache keys every cached answer by this token, so a change is a new key
-- at once in every data centre (the Cache API cannot purge other data centres). A random token rather than a counter:
-- a restored or re-created database can never hand out an old version number for different content.
INSERT INTO content_version (id, version) VALUES (1, lower(hex(randomblob(8))));
--> statement-breakpoint
CREATE TRIGGER `content_version_facilities_insert` AFTER INSERT ON `facilities` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facilities_update` AFTER UPDATE ON `facilities` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facilities_delete` AFTER DELETE ON `facilities` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_images_insert` AFTER INSERT ON `facility_images` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_images_update` AFTER UPDATE ON `facility_images` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_images_delete` AFTER DELETE ON `facility_images` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_amenities_insert` AFTER INSERT ON `facility_amenities` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_amenities_update` AFTER UPDATE ON `facility_amenities` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_facility_amenities_delete` AFTER DELETE ON `facility_amenities` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_pickup_points_insert` AFTER INSERT ON `pickup_points` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_pickup_points_update` AFTER UPDATE ON `pickup_points` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_pickup_points_delete` AFTER DELETE ON `pickup_points` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_site_settings_insert` AFTER INSERT ON `site_settings` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_site_settings_update` AFTER UPDATE ON `site_settings` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_site_settings_delete` AFTER DELETE ON `site_settings` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_seo_pages_insert` AFTER INSERT ON `seo_pages` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_seo_pages_update` AFTER UPDATE ON `seo_pages` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `content_version_seo_pages_delete` AFTER DELETE ON `seo_pages` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;

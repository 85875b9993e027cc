CREATE TABLE `facility_rating_stats` (
	`facility_id` integer PRIMARY KEY NOT NULL,
	`ratings` integer DEFAULT 0 NOT NULL,
	`score_sum` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ratings` (
	`id` integer PRIMARY KEY NOT NULL,
	`booking_id` integer NOT NULL,
	`facility_id` integer NOT NULL,
	`score` integer NOT NULL,
	`comment` text,
	`hidden_at` integer,
	`hidden_by_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`facility_id`) REFERENCES `facilities`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`hidden_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ratings_score" CHECK("ratings"."score" between 1 and 5),
	CONSTRAINT "ratings_comment" CHECK("ratings"."comment" is null or length("ratings"."comment") between 1 and 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ratings_booking_id_unique` ON `ratings` (`booking_id`);--> statement-breakpoint
CREATE INDEX `ratings_facility_created` ON `ratings` (`facility_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ratings_public_comments` ON `ratings` (`facility_id`,`created_at`) WHERE comment is not null and hidden_at is null;--> statement-breakpoint
ALTER TABLE `facilities` DROP COLUMN `rating`;--> statement-breakpoint
-- Hand-written below (drizzle does not model triggers). The per-pitch summary moves in the statement that writes a
-- rating, whichever path wrote it; a rating is only ever inserted, its comment cleared or hidden, or deleted with its
-- booking (docs/behaviour.md#ratings).
CREATE TRIGGER `rating_stats_insert` AFTER INSERT ON `ratings` BEGIN
  INSERT INTO facility_rating_stats (facility_id, ratings, score_sum) VALUES (NEW.facility_id, 1, NEW.score)
  ON CONFLICT (facility_id) DO UPDATE SET ratings = ratings + 1, score_sum = score_sum + excluded.score_sum;
END;--> statement-breakpoint
CREATE TRIGGER `rating_stats_delete` AFTER DELETE ON `ratings` BEGIN
  UPDATE facility_rating_stats SET ratings = ratings - 1, score_sum = score_sum - OLD.score
  WHERE facility_id = OLD.facility_id;
  DELETE FROM facility_rating_stats WHERE facility_id = OLD.facility_id AND ratings <= 0;
END;--> statement-breakpoint
-- A score is the player's: nobody changes it, nor moves a rating to another booking or pitch.
CREATE TRIGGER `ratings_score_fixed` BEFORE UPDATE OF `score`, `booking_id`, `facility_id` ON `ratings`
WHEN NEW.score IS NOT OLD.score OR NEW.booking_id IS NOT OLD.booking_id OR NEW.facility_id IS NOT OLD.facility_id
BEGIN
  SELECT RAISE(ABORT, 'a rating''s score is never changed');
END;--> statement-breakpoint
-- The public pages show averages and comments: a new rating, a hidden or erased comment is a new content version
-- (the edge cache's key, migration 0009).
CREATE TRIGGER `content_version_ratings_insert` AFTER INSERT ON `ratings` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_ratings_update` AFTER UPDATE ON `ratings` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_ratings_delete` AFTER DELETE ON `ratings` BEGIN
  UPDATE content_version SET version = lower(hex(randomblob(8))) WHERE id = 1;
END;
--> statement-breakpoint
-- The desk marks a booking 'Gelmedi' (no-show): it was not played, so a rating given before the mark goes.
CREATE TRIGGER `ratings_no_show` AFTER UPDATE OF `attendance` ON `bookings` WHEN NEW.attendance = 'no_show' BEGIN
  DELETE FROM ratings WHERE booking_id = NEW.id;
END;

-- The panel's search at 100,000 bookings (issue 11): a trigram index over bookings.search_key, so a search of 3 or more
-- characters finds its bookings from the index instead of testing every booking's key (db/booking-list.ts).
-- External content: the index keeps only the trigrams; the text stays in bookings.search_key. detail=full keeps each
-- trigram's positions, which a phrase needs: "isik" matches a key holding 'isi' and 'sik' one after the other, exactly
-- where instr(search_key, 'isik') > 0 holds (detail=none or column refuse phrases). case_sensitive 1: the key is folded
-- already (migration 0002), and instr compares case-sensitively, so the two agree on every key.
-- drizzle-kit does not model virtual tables: this file is hand-written, and the snapshot has no trace of it.
CREATE VIRTUAL TABLE `bookings_search` USING fts5(search_key, content='bookings', content_rowid='id', tokenize='trigram case_sensitive 1', detail=full);--> statement-breakpoint
INSERT INTO `bookings_search` (`bookings_search`) VALUES ('rebuild');--> statement-breakpoint
-- Kept by triggers. A new booking's key is written by 0002's insert trigger through an UPDATE (which fires the update
-- trigger below); one inserted with a key already set is indexed here first (the newest trigger fires first).
-- An external-content index forgets a row by being told its old text: the delete parts pass OLD.search_key.
CREATE TRIGGER `bookings_search_insert` AFTER INSERT ON `bookings` WHEN NEW.search_key IS NOT NULL BEGIN
  INSERT INTO `bookings_search` (rowid, search_key) VALUES (NEW.id, NEW.search_key);
END;--> statement-breakpoint
CREATE TRIGGER `bookings_search_update` AFTER UPDATE OF `search_key` ON `bookings` BEGIN
  INSERT INTO `bookings_search` (`bookings_search`, rowid, search_key)
    SELECT 'delete', OLD.id, OLD.search_key WHERE OLD.search_key IS NOT NULL;
  INSERT INTO `bookings_search` (rowid, search_key) SELECT NEW.id, NEW.search_key WHERE NEW.search_key IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `bookings_search_delete` AFTER DELETE ON `bookings` WHEN OLD.search_key IS NOT NULL BEGIN
  INSERT INTO `bookings_search` (`bookings_search`, rowid, search_key) VALUES ('delete', OLD.id, OLD.search_key);
END;

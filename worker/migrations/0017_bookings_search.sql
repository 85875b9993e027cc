-- The panel's search at 100,000 bookings: a trigram index over bookings.search_key, so a search of 3 or more
-- characters finds its bookings from the index instead of testing every booking's key (db/booking-list.ts).
-- detail=full keeps each trigram's positions, which a phrase needs: "isik" matches a key holding 'isi' and 'sik' one
-- after the other, exactly where instr(search_key, 'isik') > 0 holds (detail=none or column refuse phrases).
-- case_sensitive 1: the key is folded already (migration 0002) and instr compares case-sensitively, so both agree.
-- Contentless (content=''): the index keeps only the trigrams, the text stays in bookings.search_key. Its rowid carries
-- what the list filters and counts by, above the booking's id (40 bits):
--   (facility_id << 45) | (is_subscriber << 44) | (includes_transportation << 43) | (status code << 40) | id
-- (parenthesised: SQLite's << and | share one precedence and group left to right)
-- (status codes: pending 1, approved 2, rejected 3, cancelled 4, expired 5, the order of contracts' BOOKING_STATUSES),
-- so a common fragment's tab counts, for every pitch or one, Aboneler or Servisli, are one pass over its matches in the
-- index, not over every booking.
-- drizzle-kit does not model virtual tables: this file is hand-written, and the snapshot has no trace of it.
CREATE VIRTUAL TABLE `bookings_search` USING fts5(search_key, content='', tokenize='trigram case_sensitive 1', detail=full);--> statement-breakpoint
INSERT INTO `bookings_search` (rowid, search_key)
  SELECT (b.facility_id << 45) | ((b.is_subscriber != 0) << 44) | ((b.includes_transportation != 0) << 43)
      | ((CASE b.status WHEN 'pending' THEN 1 WHEN 'approved' THEN 2 WHEN 'rejected' THEN 3 WHEN 'cancelled' THEN 4
        WHEN 'expired' THEN 5 ELSE 0 END) << 40) | b.id, b.search_key
  FROM `bookings` b WHERE b.search_key IS NOT NULL;--> statement-breakpoint
-- Kept by triggers. A new booking's key is written by 0002's insert trigger through an UPDATE (which fires the update
-- trigger below); one inserted with a key already set is indexed here first (the newest trigger fires first).
-- A contentless index forgets a row by being told its old rowid and text: the delete parts pass OLD's.
CREATE TRIGGER `bookings_search_insert` AFTER INSERT ON `bookings` WHEN NEW.search_key IS NOT NULL BEGIN
  INSERT INTO `bookings_search` (rowid, search_key)
    VALUES ((NEW.facility_id << 45) | ((NEW.is_subscriber != 0) << 44) | ((NEW.includes_transportation != 0) << 43)
      | ((CASE NEW.status WHEN 'pending' THEN 1 WHEN 'approved' THEN 2 WHEN 'rejected' THEN 3 WHEN 'cancelled' THEN 4
        WHEN 'expired' THEN 5 ELSE 0 END) << 40) | NEW.id, NEW.search_key);
END;--> statement-breakpoint
CREATE TRIGGER `bookings_search_update`
  AFTER UPDATE OF `search_key`, `status`, `facility_id`, `is_subscriber`, `includes_transportation` ON `bookings`
  WHEN OLD.search_key IS NOT NEW.search_key OR OLD.status IS NOT NEW.status OR OLD.facility_id IS NOT NEW.facility_id
    OR OLD.is_subscriber IS NOT NEW.is_subscriber OR OLD.includes_transportation IS NOT NEW.includes_transportation
BEGIN
  INSERT INTO `bookings_search` (`bookings_search`, rowid, search_key)
    SELECT 'delete', (OLD.facility_id << 45) | ((OLD.is_subscriber != 0) << 44) | ((OLD.includes_transportation != 0) << 43)
      | ((CASE OLD.status WHEN 'pending' THEN 1 WHEN 'approved' THEN 2 WHEN 'rejected' THEN 3 WHEN 'cancelled' THEN 4
        WHEN 'expired' THEN 5 ELSE 0 END) << 40) | OLD.id, OLD.search_key
    WHERE OLD.search_key IS NOT NULL;
  INSERT INTO `bookings_search` (rowid, search_key)
    SELECT (NEW.facility_id << 45) | ((NEW.is_subscriber != 0) << 44) | ((NEW.includes_transportation != 0) << 43)
      | ((CASE NEW.status WHEN 'pending' THEN 1 WHEN 'approved' THEN 2 WHEN 'rejected' THEN 3 WHEN 'cancelled' THEN 4
        WHEN 'expired' THEN 5 ELSE 0 END) << 40) | NEW.id, NEW.search_key
    WHERE NEW.search_key IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER `bookings_search_delete` AFTER DELETE ON `bookings` WHEN OLD.search_key IS NOT NULL BEGIN
  INSERT INTO `bookings_search` (`bookings_search`, rowid, search_key)
    VALUES ('delete', (OLD.facility_id << 45) | ((OLD.is_subscriber != 0) << 44) | ((OLD.includes_transportation != 0) << 43)
      | ((CASE OLD.status WHEN 'pending' THEN 1 WHEN 'approved' THEN 2 WHEN 'rejected' THEN 3 WHEN 'cancelled' THEN 4
        WHEN 'expired' THEN 5 ELSE 0 END) << 40) | OLD.id, OLD.search_key);
END;

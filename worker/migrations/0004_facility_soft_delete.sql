-- Deleting a pitch is a soft delete: the row stays so its bookings, their history and tracking survive;
-- every read of pitches skips a row with deleted_at set.
ALTER TABLE `facilities` ADD `deleted_at` integer;

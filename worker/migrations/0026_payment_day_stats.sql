CREATE TABLE `payment_day_stats` (
	`date` text NOT NULL,
	`facility_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payments` integer DEFAULT 0 NOT NULL,
	`amount` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`date`, `facility_id`, `kind`)
) WITHOUT ROWID;
--> statement-breakpoint
-- The dashboard's 'Tahsil edilen' (behaviour.md#bookings 'Payments'): the payment rows summed per Istanbul calendar day
-- of `at` (UTC+3 all year, contracts/dates.ts ISTANBUL_OFFSET_MS), pitch and kind, so today and this month read at
-- most 31 days × pitches × 4 kinds instead of a month of payment rows. Payment rows are never edited nor deleted
-- (migration 0024), so the insert trigger is the only writer. test/worker/payment-day-stats.test.ts compares it with a
-- GROUP BY over payments.
INSERT INTO `payment_day_stats` (`date`, `facility_id`, `kind`, `payments`, `amount`)
  SELECT date((`at` + 10800000) / 1000, 'unixepoch'), `facility_id`, `kind`, count(*), sum(`amount`) FROM `payments`
  WHERE true GROUP BY 1, 2, 3
  ON CONFLICT (`date`, `facility_id`, `kind`) DO UPDATE SET `payments` = excluded.`payments`, `amount` = excluded.`amount`;--> statement-breakpoint
CREATE TRIGGER `payments_day_stats` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `payment_day_stats` (`date`, `facility_id`, `kind`, `payments`, `amount`)
    VALUES (date((NEW.`at` + 10800000) / 1000, 'unixepoch'), NEW.`facility_id`, NEW.`kind`, 1, NEW.`amount`)
    ON CONFLICT (`date`, `facility_id`, `kind`) DO UPDATE SET `payments` = `payments` + 1, `amount` = `amount` + excluded.`amount`;
END;

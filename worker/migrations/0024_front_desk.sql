CREATE TABLE `payments` (
	`id` integer PRIMARY KEY NOT NULL,
	`document_id` text NOT NULL,
	`booking_id` integer NOT NULL,
	`facility_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`method` text,
	`at` integer NOT NULL,
	`staff_user_id` integer,
	`staff_name` text NOT NULL,
	`note` text,
	`reverses_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`staff_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_document_id_unique` ON `payments` (`document_id`);--> statement-breakpoint
CREATE INDEX `payments_booking` ON `payments` (`booking_id`,`id`);--> statement-breakpoint
CREATE INDEX `payments_at` ON `payments` (`at`);--> statement-breakpoint
CREATE INDEX `payments_facility_at` ON `payments` (`facility_id`,`at`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_one_reversal` ON `payments` (`reverses_id`) WHERE reverses_id is not null;--> statement-breakpoint
ALTER TABLE `booking_rules` ADD `deposit_keep_hours` integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `collected` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `channel` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `created_by_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `bookings` ADD `same_day_override_reason` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `deposit_waived` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `attendance` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `attendance_at` integer;--> statement-breakpoint
ALTER TABLE `bookings` ADD `attendance_by_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `bookings` ADD `hold_warned_at` integer;--> statement-breakpoint
CREATE INDEX `bookings_hold_warning` ON `bookings` (`facility_id`,`expires_at`) WHERE status = 'pending' and hold_warned_at is null;--> statement-breakpoint
-- A payment row is never edited nor deleted (behaviour.md#bookings 'Payments'): a mistake is reversed by another row.
-- Only its note may be erased (a KVKK erasure covers free text).
CREATE TRIGGER `payments_never_deleted` BEFORE DELETE ON `payments` BEGIN
  SELECT RAISE(ABORT, 'payments are never deleted: reverse the row');
END;--> statement-breakpoint
CREATE TRIGGER `payments_never_edited` BEFORE UPDATE ON `payments`
  WHEN NEW.`note` IS NOT NULL OR NEW.`id` IS NOT OLD.`id` OR NEW.`document_id` IS NOT OLD.`document_id`
    OR NEW.`booking_id` IS NOT OLD.`booking_id` OR NEW.`facility_id` IS NOT OLD.`facility_id` OR NEW.`kind` IS NOT OLD.`kind`
    OR NEW.`amount` IS NOT OLD.`amount` OR NEW.`method` IS NOT OLD.`method` OR NEW.`at` IS NOT OLD.`at`
    OR NEW.`staff_user_id` IS NOT OLD.`staff_user_id` OR NEW.`staff_name` IS NOT OLD.`staff_name`
    OR NEW.`reverses_id` IS NOT OLD.`reverses_id` OR NEW.`created_at` IS NOT OLD.`created_at`
BEGIN
  SELECT RAISE(ABORT, 'payments are never edited: reverse the row');
END;--> statement-breakpoint
-- A reversal names a row of the same booking and kind, itself no reversal, and carries its amount negated.
CREATE TRIGGER `payments_reversal_matches` BEFORE INSERT ON `payments`
  WHEN NEW.`reverses_id` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `payments` o WHERE o.`id` = NEW.`reverses_id`
    AND o.`booking_id` = NEW.`booking_id` AND o.`kind` = NEW.`kind` AND o.`amount` = -NEW.`amount` AND o.`reverses_id` IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'a reversal must negate a row of the same booking');
END;--> statement-breakpoint
-- The booking's payment status and collected money follow its rows in the statement that inserts one, whatever path
-- writes it (contracts/payments.ts paymentStatusOf is the same rule). A pending booking whose money arrived no longer
-- expires: its hold deadline goes.
CREATE TRIGGER `payments_booking` AFTER INSERT ON `payments` BEGIN
  UPDATE `bookings` SET
    `collected` = (SELECT coalesce(sum(p.`amount`), 0) FROM `payments` p
      WHERE p.`booking_id` = NEW.`booking_id` AND p.`kind` <> 'kept'),
    `payment_status` = (SELECT CASE
        WHEN s.kept > 0 THEN 'kept'
        WHEN s.refunded > 0 AND s.received - s.refunded <= 0 THEN 'refunded'
        WHEN s.received - s.refunded > 0 AND s.received - s.refunded >= `bookings`.`total_price` THEN 'full'
        WHEN s.received - s.refunded > 0 THEN 'paid'
        ELSE 'pending' END
      FROM (SELECT
          coalesce(sum(CASE WHEN p.`kind` IN ('deposit', 'balance') THEN p.`amount` END), 0) AS received,
          coalesce(-sum(CASE WHEN p.`kind` = 'refund' THEN p.`amount` END), 0) AS refunded,
          coalesce(sum(CASE WHEN p.`kind` = 'kept' THEN p.`amount` END), 0) AS kept
        FROM `payments` p WHERE p.`booking_id` = NEW.`booking_id`) s)
  WHERE `id` = NEW.`booking_id`;
  UPDATE `bookings` SET `expires_at` = NULL
    WHERE `id` = NEW.`booking_id` AND `status` = 'pending' AND `collected` > 0;
END;--> statement-breakpoint
-- Before payment rows, approving a booking marked its deposit paid, and a reject or cancel then marked it refunded
-- without anyone refunding. Each such deposit becomes the row it stood for (received when approved, by the approver);
-- no refund row is invented, so a cancelled one shows its kapora received, awaiting staff's refund or keep decision.
INSERT INTO `payments` (`document_id`, `booking_id`, `facility_id`, `kind`, `amount`, `method`, `at`, `staff_user_id`, `staff_name`, `note`, `created_at`)
  SELECT lower(hex(randomblob(12))), b.`id`, b.`facility_id`, 'deposit', b.`deposit_amount`, 'transfer',
    coalesce(b.`approved_at`, b.`updated_at`), b.`approved_by_id`,
    coalesce((SELECT coalesce(nullif(trim(coalesce(u.`first_name`, '') || ' ' || coalesce(u.`last_name`, '')), ''), u.`username`)
      FROM `users` u WHERE u.`id` = b.`approved_by_id`), 'Sistem'),
    'Onaylanırken ödendi sayıldı (ödeme kayıtlarından önce)', coalesce(b.`approved_at`, b.`updated_at`)
  FROM `bookings` b WHERE b.`payment_status` IN ('paid', 'refunded') AND b.`deposit_amount` > 0;

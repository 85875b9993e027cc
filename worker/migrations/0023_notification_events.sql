-- A staff notification about a booking stores what happened (kind) and its facts (a JSON object), and its title and
-- message are rendered from them when read (contracts/events.ts); an erasure clears a fact instead of editing a
-- sentence. A note staff wrote keeps kind and facts null: its title and message are its text.
ALTER TABLE `notifications` ADD `kind` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `facts` text;--> statement-breakpoint
-- The rows written before: each booking notification is known by its title. Its facts come from its booking (an erased
-- customer's name as null); the pitch as the message named it; the staff member from the history row written with it;
-- a subscription's weeks from its group. A row that cannot be read so keeps its own text.
UPDATE `notifications` SET `kind` = CASE `title`
    WHEN 'Yeni Rezervasyon' THEN 'booking_created'
    WHEN 'Rezervasyon İptal Edildi' THEN 'booking_cancelled_by_customer'
    WHEN 'Rezervasyon Süresi Doldu' THEN 'booking_expired'
    WHEN 'Rezervasyon Onaylandı' THEN 'booking_approved'
    WHEN 'Rezervasyon Reddedildi' THEN 'booking_rejected'
    WHEN 'Rezervasyon iptal edildi' THEN 'booking_cancelled_by_staff'
    WHEN 'Yeni Abonelik' THEN 'subscription_created'
    WHEN 'Müşteri bilgileri silindi' THEN 'customer_erased'
  END
  WHERE `booking_id` IS NOT NULL AND EXISTS (SELECT 1 FROM `bookings` b WHERE b.`id` = `notifications`.`booking_id`);--> statement-breakpoint
UPDATE `notifications` SET `facts` = (
    SELECT CASE WHEN `notifications`.`kind` = 'customer_erased' THEN json_object('bookingNumber', b.`booking_number`)
      ELSE json_object(
        'bookingNumber', b.`booking_number`,
        'customerName', CASE WHEN b.`customer_phone` LIKE '#%' THEN NULL ELSE b.`customer_name` END,
        'facilityName', f.`name`,
        'date', b.`date`,
        'startTime', b.`start_time`,
        'startsAt', b.`starts_at`)
      END
    FROM `bookings` b LEFT JOIN `facilities` f ON f.`id` = b.`facility_id`
    WHERE b.`id` = `notifications`.`booking_id`)
  WHERE `kind` IS NOT NULL;--> statement-breakpoint
-- A pitch renamed since: the name the message holds after its 'name · ' (a new booking, a subscription) or its
-- 'number · name · ' (kept in the facts as 'prefix' meanwhile).
UPDATE `notifications` SET `facts` = json_set(`facts`, '$.prefix', CASE
    WHEN `kind` IN ('booking_created', 'subscription_created') THEN ''
    ELSE json_extract(`facts`, '$.bookingNumber') || ' · ' END
  || (SELECT b.`customer_name` FROM `bookings` b WHERE b.`id` = `notifications`.`booking_id`) || ' · ')
  WHERE `kind` IS NOT NULL AND `kind` <> 'customer_erased' AND `facts` IS NOT NULL;--> statement-breakpoint
UPDATE `notifications` SET `facts` = json_set(`facts`, '$.facilityName', substr(substr(`message`, length(json_extract(`facts`, '$.prefix')) + 1), 1, instr(substr(`message`, length(json_extract(`facts`, '$.prefix')) + 1), ' · ') - 1))
  WHERE json_extract(`facts`, '$.prefix') IS NOT NULL
    AND instr(`message`, ' · ' || json_extract(`facts`, '$.facilityName') || ' · ') = 0
    AND substr(`message`, 1, length(json_extract(`facts`, '$.prefix'))) = json_extract(`facts`, '$.prefix')
    AND instr(substr(`message`, length(json_extract(`facts`, '$.prefix')) + 1), ' · ') > 1;--> statement-breakpoint
UPDATE `notifications` SET `facts` = json_remove(`facts`, '$.prefix') WHERE `kind` IS NOT NULL;--> statement-breakpoint
UPDATE `notifications` SET `facts` = json_set(`facts`, '$.actorLabel', (
    SELECT h.`actor_label` FROM `booking_history` h
    WHERE h.`booking_id` = `notifications`.`booking_id` AND h.`created_at` = `notifications`.`created_at`
      AND h.`actor_type` = 'staff'
    ORDER BY h.`id` DESC LIMIT 1))
  WHERE `kind` IN ('booking_approved', 'booking_rejected', 'booking_cancelled_by_staff', 'customer_erased');--> statement-breakpoint
UPDATE `notifications` SET `facts` = json_set(`facts`, '$.weeks', (
    SELECT count(*) FROM `bookings` g JOIN `bookings` b ON b.`id` = `notifications`.`booking_id`
    WHERE g.`recurring_group_id` = b.`recurring_group_id`))
  WHERE `kind` = 'subscription_created';--> statement-breakpoint
-- The text of an event's row is its facts now: the message goes (the name it held with it), the title stays.
UPDATE `notifications` SET `message` = '' WHERE `kind` IS NOT NULL AND `facts` IS NOT NULL;--> statement-breakpoint
UPDATE `notifications` SET `kind` = NULL WHERE `facts` IS NULL;

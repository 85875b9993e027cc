-- One live public booking per phone and day across every pitch (behaviour.md#bookings): each pitch's object serialises only
-- its own pitch, so this index is the guarantee that spans pitches. Weekly subscription slots (is_recurring) stay outside
-- it: a subscriber may hold several weekly slots on one day, booked together by staff (behaviour.md#subscriptions).
CREATE UNIQUE INDEX `bookings_one_live_per_phone_day` ON `bookings` (`customer_phone`,`date`) WHERE status in ('pending', 'approved') and is_recurring = 0;--> statement-breakpoint
-- A shuttle leaves a number of minutes before the match, so its pickup time follows the booked hour.
ALTER TABLE `pickup_points` ADD `minutes_before` integer;--> statement-breakpoint
-- Sessions can be revoked: every token carries its user's token version; logout and a password change bump it.
ALTER TABLE `users` ADD `token_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Who caused a notification, so the actor's own bell neither rings nor counts it unread.
ALTER TABLE `notifications` ADD `actor_user_id` integer REFERENCES users(id);

-- Issue 7 §3 (panel): who caused a notification, so the actor's own bell neither rings nor counts it unread.
ALTER TABLE `notifications` ADD `actor_user_id` integer REFERENCES users(id);

-- After the played match the cron asks the holder's devices once to rate the pitch (docs/behaviour.md#ratings):
-- marked in the statement that picks the booking, so a second run or a restart never asks again.
ALTER TABLE `bookings` ADD `rating_prompt_sent_at` integer;

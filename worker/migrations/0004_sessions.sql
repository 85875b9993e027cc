-- Sessions can be revoked (issue 7 §4): every token carries its user's token version; logout and a password change bump it.
ALTER TABLE `users` ADD `token_version` integer DEFAULT 0 NOT NULL;

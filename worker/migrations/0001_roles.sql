-- Reference data: the two staff roles every deployment has (behaviour.md#staff-sessions-and-permissions).
INSERT OR IGNORE INTO `roles` (`id`, `name`, `type`, `description`) VALUES (1, 'Admin', 'admin', 'Tüm yetkiler');
--> statement-breakpoint
INSERT OR IGNORE INTO `roles` (`id`, `name`, `type`, `description`) VALUES (2, 'Manager', 'manager', 'Rezervasyon ve saha yönetimi');

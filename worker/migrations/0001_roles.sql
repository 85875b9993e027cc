-- Reference data: the two staff roles every deployment has (00-decisions.md §5).
INSERT OR IGNORE INTO `roles` (`id`, `name`, `type`, `description`) VALUES (1, 'Admin', 'admin', 'Tüm yetkiler');
--> statement-breakpoint
INSERT OR IGNORE INTO `roles` (`id`, `name`, `type`, `description`) VALUES (2, 'Manager', 'manager', 'Rezervasyon ve saha yönetimi');

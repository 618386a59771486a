CREATE TABLE `sign_up_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`network_hash` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_up_attempts_network_at_idx` ON `sign_up_attempts` (`network_hash`,`at`);--> statement-breakpoint
CREATE INDEX `sign_up_attempts_at_idx` ON `sign_up_attempts` (`at`);--> statement-breakpoint
CREATE TABLE `sign_up_minutes` (
	`minute` integer PRIMARY KEY NOT NULL,
	`count` integer NOT NULL
);

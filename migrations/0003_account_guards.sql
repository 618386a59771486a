CREATE TABLE `sign_in_failures` (
	`email_hash` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`first_failure_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` integer;
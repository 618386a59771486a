CREATE TABLE `account_languages` (
	`user_id` text PRIMARY KEY NOT NULL,
	`language` text NOT NULL,
	`chosen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

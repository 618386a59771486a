CREATE TABLE `listeners` (
	`user_id` text PRIMARY KEY NOT NULL,
	`alias` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);

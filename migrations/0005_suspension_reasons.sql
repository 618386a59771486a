ALTER TABLE `moderation_actions` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `moderation_actions` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspension_reason` text;
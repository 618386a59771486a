CREATE TABLE `ended_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`ended_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ended_sessions_ended_at_idx` ON `ended_sessions` (`ended_at`);
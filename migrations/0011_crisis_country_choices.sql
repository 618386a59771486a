CREATE TABLE `crisis_country_choices` (
	`user_id` text PRIMARY KEY NOT NULL,
	`country` text NOT NULL,
	`chosen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
UPDATE `saved_replies` SET `title` = 'Their crisis line', `text` = 'You can talk with someone trained to help, any time: {crisis line}. If you''re in danger right now, please call your local emergency number.' WHERE `title` = 'Call or text 988' AND `text` = 'If you''re in the US, you can call or text 988, any time of day or night, to talk with a trained counselor at the 988 Lifeline. It''s free and confidential. If you''re in danger right now, please call 911 or your local emergency number.';
--> statement-breakpoint
UPDATE `saved_replies` SET `title` = 'Crisis Text Line (US only)' WHERE `title` = 'Crisis Text Line' AND `text` LIKE '%741741%';
--> statement-breakpoint
UPDATE `saved_replies` SET `text` = 'Thank you for talking with me today. It took courage to reach out, and I''m glad you did. You can write here again whenever you need to. If things ever feel unsafe, reach out to {crisis line}, or call your local emergency number. Take gentle care of yourself.' WHERE `title` = 'Closing' AND `text` = 'Thank you for talking with me today. It took courage to reach out, and I''m glad you did. You can write here again whenever you need to. If things ever feel unsafe, call or text 988 (US) or your local emergency number. Take gentle care of yourself.';

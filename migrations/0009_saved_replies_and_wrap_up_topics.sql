CREATE TABLE `saved_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`text` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `wrap_up_topics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wrap_up_topics_name_unique` ON `wrap_up_topics` (lower("name"));--> statement-breakpoint
-- The lists the desk starts with, seeded here so that every database has them, production included:
-- the wrap-up topics of SEEDED_WRAP_UP_TOPICS (app/shared/desk-operations.ts), in its order, and a
-- few replies a helpline team would keep. The admin changes both at /admin/topics and /admin/replies.
INSERT INTO `wrap_up_topics` (`name`, `position`) VALUES
	('Anxiety', 1),
	('Depression', 2),
	('Loneliness', 3),
	('Relationships', 4),
	('Family', 5),
	('Grief', 6),
	('Self-harm', 7),
	('Suicidal thoughts', 8),
	('Abuse', 9),
	('Other', 10);
--> statement-breakpoint
INSERT INTO `saved_replies` (`title`, `text`, `position`) VALUES
	('Welcome', 'Hi, thank you for reaching out. I''m a listener here, and I''m glad you wrote. There''s no rush: tell me as much or as little as you like. What''s on your mind today?', 1),
	('Checking on safety', 'I''d like to ask you something gently, because I care about how you are. Are you thinking about hurting yourself, or about ending your life? You can answer honestly here. I''ll listen, and I won''t judge you.', 2),
	('Call or text 988', 'If you''re in the US, you can call or text 988, any time of day or night, to talk with a trained counselor at the 988 Lifeline. It''s free and confidential. If you''re in danger right now, please call 911 or your local emergency number.', 3),
	('Crisis Text Line', 'If texting feels easier, you can text HOME to 741741 to reach the Crisis Text Line (US). It''s free, confidential and open 24/7, and a trained crisis counselor will text you back.', 4),
	('Closing', 'Thank you for talking with me today. It took courage to reach out, and I''m glad you did. You can write here again whenever you need to. If things ever feel unsafe, call or text 988 (US) or your local emergency number. Take gentle care of yourself.', 5);

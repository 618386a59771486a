-- Analytics store route patterns, never ids: a path like /chat/{userId} tells who is being contacted
-- (issue 10). Rewrites what was stored before; app/lib/routes.ts `routePatternOf` does the same to
-- every new event. Each row is one event, so rewriting the path is all the merging there is.
UPDATE `analytics_events` SET `path` = '/chat/:userId' WHERE `path` LIKE '/chat/_%';
--> statement-breakpoint
UPDATE `analytics_events` SET `path` = '/users/:userId' WHERE `path` LIKE '/users/_%';

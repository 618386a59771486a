-- Analytics are counted in Durable Objects and written here as aggregates about once a minute
-- (issue 26): page views per day and route pattern, each web vital's histogram per day, route
-- pattern and metric, and each shard's last flush (so a retried flush never counts twice).
CREATE TABLE `analytics_flushes` (
	`source` text PRIMARY KEY NOT NULL,
	`last_flush` integer NOT NULL,
	`flushed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `analytics_page_views` (
	`day` integer NOT NULL,
	`path` text NOT NULL,
	`views` integer NOT NULL,
	PRIMARY KEY(`day`, `path`)
);
--> statement-breakpoint
CREATE TABLE `analytics_vitals` (
	`day` integer NOT NULL,
	`path` text NOT NULL,
	`name` text NOT NULL,
	`samples` integer NOT NULL,
	`histogram` text NOT NULL,
	PRIMARY KEY(`day`, `path`, `name`)
);
--> statement-breakpoint
-- The events stored one row each before are folded into the aggregates, so their history stays on
-- the dashboard; then their table goes. A vital's bucket is `bucketOf` of
-- worker/analytics/vital-histogram.ts written in SQL: 0 for values at or under 0.0001, else
-- ceil(ln(value / 0.0001) / ln(1.01 / 0.99)). Only the vitals still recorded are kept.
INSERT INTO `analytics_page_views` (`day`, `path`, `views`)
SELECT (`created_at` / 86400000) * 86400000, `path`, count(*)
FROM `analytics_events`
WHERE `type` = 'page_view'
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `analytics_vitals` (`day`, `path`, `name`, `samples`, `histogram`)
SELECT `day`, `path`, `name`, sum(`n`), json_group_object(CAST(`bucket` AS TEXT), `n`)
FROM (
	SELECT (`created_at` / 86400000) * 86400000 AS `day`, `path`, `name`,
		CASE WHEN `value` <= 0.0001 THEN 0 ELSE CAST(ceil(ln(`value` / 0.0001) / ln(1.01 / 0.99)) AS INTEGER) END AS `bucket`,
		count(*) AS `n`
	FROM `analytics_events`
	WHERE `type` = 'web_vital' AND `value` IS NOT NULL AND `name` IN ('CLS', 'INP', 'FCP', 'LCP', 'TTFB')
	GROUP BY 1, 2, 3, 4
)
GROUP BY `day`, `path`, `name`;
--> statement-breakpoint
DROP TABLE `analytics_events`;
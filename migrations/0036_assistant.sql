CREATE TABLE `assistant_days` (
	`day` text PRIMARY KEY NOT NULL,
	`questions` integer DEFAULT 0 NOT NULL,
	`asked` integer DEFAULT 0 NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`handed_off` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `assistant_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`enabled` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
-- The site assistant's retrieval over the site content's published words (docs/assistant.md,
-- "Grounding"): the newest content version cut into passages (home's sections, each service,
-- each value item, about, each legal page with text), each with the page it is shown on. The
-- entries have their own index (0026); a legal page without text has no page, so no passage.
CREATE VIEW `site_passages` AS
	WITH `c` AS (SELECT `content` AS `j` FROM `site_content_versions` ORDER BY `version` DESC LIMIT 1)
	SELECT '/' AS `url`, json_extract(`j`, '$.company.name') AS `title`,
		coalesce(json_extract(`j`, '$.hero.headlineStart'), '') || ' ' || coalesce(json_extract(`j`, '$.hero.headlineHighlight'), '')
		|| '. ' || coalesce(json_extract(`j`, '$.hero.intro'), '') || ' ' || coalesce(json_extract(`j`, '$.company.tagline'), '')
		|| ' ' || coalesce(json_extract(`j`, '$.company.description'), '') || ' ' || coalesce(json_extract(`j`, '$.cta.text'), '') AS `body`
	FROM `c`
	UNION ALL
	SELECT '/', json_extract(`s`.`value`, '$.title'),
		coalesce(json_extract(`s`.`value`, '$.description'), '') || ' '
		|| coalesce((SELECT group_concat(`f`.`value`, '; ') FROM json_each(`s`.`value`, '$.features') AS `f`), '')
	FROM `c`, json_each(`c`.`j`, '$.services') AS `s`
	UNION ALL
	SELECT '/', json_extract(`v`.`value`, '$.title'), coalesce(json_extract(`v`.`value`, '$.description'), '')
	FROM `c`, json_each(`c`.`j`, '$.valueItems') AS `v`
	UNION ALL
	SELECT '/', json_extract(`j`, '$.about.title'), coalesce(json_extract(`j`, '$.about.text'), '') FROM `c`
	UNION ALL
	SELECT `p`.`path`, `p`.`label`, json_extract(`c`.`j`, '$.legal.' || `p`.`key`)
	FROM `c`, (
		SELECT 'terms' AS `key`, '/terms' AS `path`, 'Terms of Service' AS `label`
		UNION ALL SELECT 'privacy', '/privacy', 'Privacy Policy'
		UNION ALL SELECT 'cookies', '/cookies', 'Cookie Policy'
		UNION ALL SELECT 'responsibleAi', '/responsible-ai', 'Responsible AI'
	) AS `p`
	WHERE trim(coalesce(json_extract(`c`.`j`, '$.legal.' || `p`.`key`), '')) <> '';
--> statement-breakpoint
CREATE VIRTUAL TABLE `site_search` USING fts5(
	`url` UNINDEXED, `title`, `body`,
	tokenize='porter unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- A saved, restored or reset content is a new version, the newest: its passages replace the
-- index's in the same statement, so every instance reads the words the pages show.
CREATE TRIGGER `site_content_versions_search` AFTER INSERT ON `site_content_versions` BEGIN
	DELETE FROM `site_search`;
	INSERT INTO `site_search` (`url`, `title`, `body`) SELECT `url`, `title`, `body` FROM `site_passages`;
END;
--> statement-breakpoint
INSERT INTO `site_search` (`url`, `title`, `body`) SELECT `url`, `title`, `body` FROM `site_passages`;

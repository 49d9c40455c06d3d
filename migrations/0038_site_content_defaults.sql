CREATE TABLE `site_content_defaults` (
	`id` integer PRIMARY KEY NOT NULL,
	`content` text NOT NULL
);
--> statement-breakpoint
-- The assistant answers from the words the pages show (docs/assistant.md, "Grounding"): before
-- the first save those are the code's defaults, kept in `site_content_defaults` by the server.
-- The passages are the newest version's, or else the defaults'.
DROP VIEW `site_passages`;
--> statement-breakpoint
CREATE VIEW `site_passages` AS
	WITH `c` AS (SELECT `j` FROM (SELECT coalesce(
		(SELECT `content` FROM `site_content_versions` ORDER BY `version` DESC LIMIT 1),
		(SELECT `content` FROM `site_content_defaults` WHERE `id` = 1)
	) AS `j`) WHERE `j` IS NOT NULL)
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
-- The defaults written or changed (a new release's): the index filled again, from the newest
-- version when there is one.
CREATE TRIGGER `site_content_defaults_search_insert` AFTER INSERT ON `site_content_defaults` BEGIN
	DELETE FROM `site_search`;
	INSERT INTO `site_search` (`url`, `title`, `body`) SELECT `url`, `title`, `body` FROM `site_passages`;
END;
--> statement-breakpoint
CREATE TRIGGER `site_content_defaults_search_update` AFTER UPDATE ON `site_content_defaults` BEGIN
	DELETE FROM `site_search`;
	INSERT INTO `site_search` (`url`, `title`, `body`) SELECT `url`, `title`, `body` FROM `site_passages`;
END;

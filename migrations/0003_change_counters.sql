CREATE TABLE `change_counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The public facts cache of every instance compares this counter before each use, so a fact
-- changed through another instance, the CLI or by hand is never served stale.
INSERT INTO `change_counters` (`name`, `value`) VALUES ('ai_facts', 0);
--> statement-breakpoint
CREATE TRIGGER `ai_facts_changed_insert` AFTER INSERT ON `ai_facts` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'ai_facts';
END;
--> statement-breakpoint
CREATE TRIGGER `ai_facts_changed_update` AFTER UPDATE ON `ai_facts` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'ai_facts';
END;
--> statement-breakpoint
CREATE TRIGGER `ai_facts_changed_delete` AFTER DELETE ON `ai_facts` BEGIN
	UPDATE `change_counters` SET `value` = `value` + 1 WHERE `name` = 'ai_facts';
END;

-- Search over contact messages (name, e-mail, company, text). A trigram index finds any
-- substring of 3 or more characters, ignoring case and accents, without scanning the table;
-- it mirrors `contacts` (external content), kept in step by the triggers below.
CREATE VIRTUAL TABLE `contacts_search` USING fts5(
	`name`, `email`, `company`, `message`,
	content='contacts', content_rowid='id',
	tokenize='trigram remove_diacritics 1'
);
--> statement-breakpoint
CREATE TRIGGER `contacts_search_insert` AFTER INSERT ON `contacts` BEGIN
	INSERT INTO `contacts_search` (rowid, `name`, `email`, `company`, `message`)
	VALUES (new.`id`, new.`name`, new.`email`, new.`company`, new.`message`);
END;
--> statement-breakpoint
CREATE TRIGGER `contacts_search_delete` AFTER DELETE ON `contacts` BEGIN
	INSERT INTO `contacts_search` (`contacts_search`, rowid, `name`, `email`, `company`, `message`)
	VALUES ('delete', old.`id`, old.`name`, old.`email`, old.`company`, old.`message`);
END;
--> statement-breakpoint
-- Marking read changes only read_at, which is not indexed: those updates skip this trigger.
CREATE TRIGGER `contacts_search_update` AFTER UPDATE OF `name`, `email`, `company`, `message` ON `contacts` BEGIN
	INSERT INTO `contacts_search` (`contacts_search`, rowid, `name`, `email`, `company`, `message`)
	VALUES ('delete', old.`id`, old.`name`, old.`email`, old.`company`, old.`message`);
	INSERT INTO `contacts_search` (rowid, `name`, `email`, `company`, `message`)
	VALUES (new.`id`, new.`name`, new.`email`, new.`company`, new.`message`);
END;
--> statement-breakpoint
INSERT INTO `contacts_search` (`contacts_search`) VALUES ('rebuild');

-- A second-factor challenge's row is now found by the hash of the id its cookie carries, like
-- a session's (docs/accounts.md, "Sessions"). Rows written before keep the id itself, which no
-- cookie would find any more: they go, and a password reset waiting on one is given back
-- unclaimed, so its link works again. A person midway through signing in signs in again.
DELETE FROM `two_factor_challenges`;
--> statement-breakpoint
UPDATE `password_resets` SET `claimed_at` = NULL, `new_password` = NULL, `challenge_id` = NULL
WHERE `challenge_id` IS NOT NULL;

-- Written by hand: a call's reminder is now handed to the outbox at its moment (docs/booking.md,
-- "Reminders"), and the reminders' own sender is gone. A reminder left in a stopped sender's
-- hands would stay `sending` forever: it is marked failed, as any interrupted send is (whether
-- it went out is unknown, and a reminder is never sent twice). Waiting ones are handed over.
UPDATE `booking_reminders` SET `status` = 'failed', `last_error` = 'interrupted while sending, before reminders moved to the outbox: unknown whether it went', `claimed_by` = NULL, `claimed_at` = NULL WHERE `status` = 'sending';

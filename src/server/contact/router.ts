import { writeTransaction } from '../../../db';
import { contacts } from '../../../db/schema';
import { contactInput } from '../../shared/schemas';
import { CONTACT_SUBMISSIONS, assertAllowed, recordEvent } from '../platform/throttle';
import { notifyContact } from './notify';
import { publicProcedure, router } from '../http/trpc';
import { contactBuckets, honeypotFirst, throttleFirst } from '../http/public-form';

export const CONTACT_THANKS = "Thank you for your message. We'll get back to you soon.";
const THROTTLED = 'Too many messages from your address.';

export const contactRouter = router({
  send: publicProcedure
    .use(honeypotFirst({ success: true, message: CONTACT_THANKS }))
    .use(throttleFirst(contactBuckets, CONTACT_SUBMISSIONS, THROTTLED))
    .input(contactInput)
    .mutation(async ({ ctx, input }): Promise<{ success: true; message: string }> => {
      const now = ctx.clock.now();
      const buckets = contactBuckets(ctx);
      // Stored before any mail is tried (DESIGN.md section 5): a mail failure never loses it.
      const stored = await writeTransaction(ctx.db, async (tx) => {
        await assertAllowed(tx, buckets, CONTACT_SUBMISSIONS, now, THROTTLED);
        const row = await tx
          .insert(contacts)
          .values({
            name: input.name,
            email: input.email,
            company: input.company ?? null,
            subject: input.subject,
            message: input.message,
            privacy: input.privacy,
            createdAt: now,
          })
          .returning()
          .get();
        await recordEvent(tx, buckets, now);
        return row;
      });
      ctx.logger.info('contact.stored', { requestId: ctx.req.requestId, contactId: stored.id });
      notifyContact(ctx, stored);
      return { success: true, message: CONTACT_THANKS };
    }),
});

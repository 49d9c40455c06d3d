import { z } from 'zod/mini';
import { outboxFilterValues } from '#shared/mail-outbox';

/**
 * The Mail screen's filter and page as the address holds them; what a hand-edited address
 * holds that is not usable falls back to "not set" (the waiting mail, the first page).
 */
export const mailSearchSchema = z.object({
  status: z.catch(z.optional(z.enum(outboxFilterValues)), undefined),
  page: z.catch(z.optional(z.coerce.number().check(z.int(), z.minimum(2))), undefined),
});
export type MailSearch = z.output<typeof mailSearchSchema>;

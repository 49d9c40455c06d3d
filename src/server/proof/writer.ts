/** Who writes the proof, and when: a signed-in administrator's request. */
import type { Context } from '#server/http/trpc';
import type { AuditActor } from '#server/audit/record';

export type ProofWriter = Pick<Context, 'clock' | 'req'> & { user: NonNullable<AuditActor> };

/**
 * The invoices' refusals (docs/api.md, "Invoices"): 404 for an unknown one, 409 for a change to
 * an issued document, 400 naming each field a rule found wrong (answered as zod's issues are,
 * so a form shows each beside its field), and 409 naming what the profile or the buyer lacks.
 */
import { TRPCError } from '@trpc/server';
import { $ZodRealError } from 'zod/v4/core';
import { DRAFT_MESSAGES } from '#shared/invoices/drafts';
import type { RuleIssue } from '#shared/invoices/tax-rules';
import { FieldsConflict } from '#server/platform/errors';

export const invoiceNotFound = () =>
  new TRPCError({ code: 'NOT_FOUND', message: DRAFT_MESSAGES.notFound });

export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** A 400 naming each field, as a refusal of the input would. */
export function invalidFields(issues: readonly RuleIssue[]): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: issues[0]?.message ?? 'Invalid input',
    cause: new $ZodRealError(
      issues.map((issue) => ({
        code: 'custom' as const,
        path: issue.path,
        message: issue.message,
        input: undefined,
      })),
    ),
  });
}

export const INCOMPLETE_MESSAGES = {
  seller: 'Complete the seller profile before issuing (invoice.seller_incomplete)',
  buyer: "Give the buyer's details on the lead before issuing (invoice.buyer_incomplete)",
  field: 'Required before issuing',
} as const;

/** 409 `invoice.seller_incomplete` or `invoice.buyer_incomplete`, each missing field an issue. */
export function incomplete(party: 'seller' | 'buyer', fields: readonly string[]): TRPCError {
  return new FieldsConflict(
    INCOMPLETE_MESSAGES[party],
    fields.map((field) => ({ path: `${party}.${field}`, message: INCOMPLETE_MESSAGES.field })),
  );
}

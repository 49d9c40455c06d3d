import { router } from '#server/http/trpc';
import { aiRouter } from '#server/ai/router';
import { assistantRouter } from '#server/assistant/router';
import { leadTriageProcedures } from '#server/leads/triage/router';
import { accountRouter } from '#server/identity/account/router';
import { accessTokensRouter } from '#server/mcp/access-tokens/router';
import { adminRouter } from '#server/identity/sign-in/router';
import { analyticsRouter } from '#server/analytics/router';
import { auditRouter } from '#server/audit/router';
import { adminProcedure } from '#server/identity/sessions/admin-procedure';
import { backupsRouter } from '#server/backups/router';
import { bookingSettingsProcedures } from '#server/booking/settings-router';
import { bookingSlotsProcedures } from '#server/booking/slots-router';
import { bookingCallProcedures } from '#server/booking/call-router';
import { bookingsRouter } from '#server/booking/bookings-router';
import { callNotesRouter } from '#server/engagements/call-notes/router';
import { contactRouter } from '#server/contact/router';
import { contentRouter } from '#server/content/router';
import { entriesRouter } from '#server/entries/router';
import { entryCoversRouter } from '#server/entries/covers/router';
import { clientLogosRouter } from '#server/proof/client-logos/router';
import { testimonialsRouter } from '#server/proof/testimonials/router';
import { testimonialRequestsRouter } from '#server/engagements/testimonial-requests/router';
import { caseStudyRouter } from '#server/engagements/case-study/router';
import { siteSettingsRouter } from '#server/content/site-settings/router';
import { mediaRouter } from '#server/media/router';
import { outboxRouter } from '#server/mail/outbox/router';
import { factsRouter } from '#server/facts/router';
import { invoiceDraftProcedures } from '#server/invoices/router';
import { invoiceIssueProcedures } from '#server/invoices/issue-router';
import { invoiceExportProcedures } from '#server/invoices/export-router';
import { issueDepositInvoice } from '#server/invoices/deposit-invoice';
import { onDepositPaid } from '#server/proposals/payments/deposit-paid';
import { takeInvoiceSession } from '#server/invoices/invoice-page/paid-session';
import { takeInvoiceRefund } from '#server/invoices/invoice-page/refunded-payment';
import { creditDepositRefund } from '#server/invoices/deposit-refund';
import { onDepositRefunded } from '#server/proposals/payments/deposit-refunded';
import { invoiceClientPageRouter } from '#server/invoices/invoice-page/router';
import { onOtherPaidSession, onOtherRefund } from '#server/proposals/payments/other-sessions';
import { leadCoreProcedures } from '#server/leads/lead-router';
import { leadReplyProcedures } from '#server/leads/replies/router';
import { leadDraftProcedures } from '#server/leads/drafts/router';
import { messagesRouter } from '#server/leads/messages/router';
import { newsletterRouter } from '#server/newsletter/router';
import { searchRouter } from '#server/search/router';
import { newslettersRouter } from '#server/newsletter/newsletters-router';
import { sequenceRouter } from '#server/newsletter/sequence/router';
import { passkeysRouter } from '#server/identity/passkeys/router';
import { proposalPaymentProcedures } from '#server/proposals/payments/router';
import { subscribersRouter } from '#server/leads/subscribers/router';
import { suppressionsRouter } from '#server/mail/suppressions/router';
import { mailReportsRouter } from '#server/mail/reports/router';
import { tagsRouter } from '#server/facts/tags/router';
import { usersRouter } from '#server/identity/users/router';
import { secondFactorRouter } from '#server/identity/second-factors/router';
import { invitationRouter } from '#server/identity/invitation/router';
import { passwordResetRouter } from '#server/identity/password-reset/router';
import { oauthConsentRouter } from '#server/mcp/oauth/consent-router';
import { proposalClientPageRouter } from '#server/proposals/client-page/router';
import { proposalCoreProcedures } from '#server/proposals/router';
import { proposalDraftProcedures } from '#server/proposals/ai-draft/router';
import { onProposalAccepted } from '#server/proposals/client-page/proposal-accepted';
import { openOnAcceptance } from '#server/engagements/opening';
import { onEngagementCall } from '#server/booking/engagement-calls';
import { callOfEngagementLink } from '#server/engagements/engagement-page/calls';
import { engagementProcedures } from '#server/engagements/router';
import { engagementPageRouter } from '#server/engagements/engagement-page/router';
import { engagementFilesRouter } from '#server/engagements/files/router';

/**
 * A deposit paid issues its invoice in the payment's transaction (docs/invoices.md,
 * "Deposits"), and Stripe's webhook (a proposals' path) records an invoice's card payment:
 * proposals come before invoices in the layers, so the app joins them here.
 */
onDepositPaid(issueDepositInvoice);
/** A deposit refunded by card credits its deposit invoice, in the refund's transaction. */
onDepositRefunded(creditDepositRefund);
/** A card payment on the client's invoice page, and its refund, come through the same webhook. */
onOtherPaidSession(takeInvoiceSession);
onOtherRefund(takeInvoiceRefund);
/** An acceptance opens the work's engagement and its first link, in its own transaction. */
onProposalAccepted(openOnAcceptance);
onEngagementCall(callOfEngagementLink);

export const appRouter = router({
  account: accountRouter,
  accessTokens: accessTokensRouter,
  admin: adminRouter,
  ai: aiRouter,
  assistant: assistantRouter,
  analytics: analyticsRouter,
  audit: auditRouter(adminProcedure),
  backups: backupsRouter,
  booking: router({
    ...bookingSettingsProcedures,
    ...bookingSlotsProcedures,
    ...bookingCallProcedures,
  }),
  bookings: bookingsRouter,
  callNotes: callNotesRouter,
  contact: contactRouter,
  content: contentRouter,
  engagements: router({ ...engagementProcedures }),
  engagementPage: engagementPageRouter,
  engagementFiles: engagementFilesRouter,
  entries: entriesRouter,
  entryCovers: entryCoversRouter,
  clientLogos: clientLogosRouter,
  testimonials: testimonialsRouter,
  testimonialRequests: testimonialRequestsRouter,
  caseStudy: caseStudyRouter,
  siteSettings: siteSettingsRouter,
  media: mediaRouter,
  facts: factsRouter,
  invitation: invitationRouter,
  invoices: router({
    // First: their paths would otherwise be taken for `/api/invoices/:id` (export-router.ts).
    ...invoiceExportProcedures,
    ...invoiceDraftProcedures,
    ...invoiceIssueProcedures,
  }),
  leads: router({
    ...leadCoreProcedures,
    ...leadReplyProcedures,
    ...leadDraftProcedures,
    ...leadTriageProcedures,
  }),
  messages: messagesRouter,
  newsletter: newsletterRouter,
  newsletters: newslettersRouter,
  newsletterSequence: sequenceRouter,
  oauth: oauthConsentRouter,
  outbox: outboxRouter(adminProcedure),
  passkeys: passkeysRouter,
  passwordReset: passwordResetRouter,
  proposalClientPage: proposalClientPageRouter,
  invoicePage: invoiceClientPageRouter,
  proposals: router({
    ...proposalCoreProcedures,
    ...proposalPaymentProcedures,
    ...proposalDraftProcedures,
  }),
  search: searchRouter,
  secondFactor: secondFactorRouter,
  subscribers: subscribersRouter,
  suppressions: suppressionsRouter(adminProcedure),
  mailReports: mailReportsRouter(adminProcedure),
  tags: tagsRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;

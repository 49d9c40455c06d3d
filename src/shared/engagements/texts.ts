/**
 * The words of the client's engagement page (`/e/<token>`) and of `/e/link`, written once for
 * the server's page, its JSON answers and the tests (docs/engagements.md).
 */
export const ENGAGEMENT_MESSAGES = {
  notFound: 'This link is not valid. Ask for a new one at /e/link.',
  gone: 'This link no longer works: it was replaced, ended, or the work closed long ago. Ask for the current one at /e/link.',
  readOnly: 'This engagement is closed: its page can be read, not changed.',
  engagementNotFound: 'No such engagement',
  linkSent:
    'If that address has work in progress with us, its link is on its way. Check your inbox in a few minutes.',
  tooManyLinks: 'Too many requests for a link.',
  noLeadEngagement: 'No such lead',
  revoked: 'This engagement has no working link: make a new one first.',
} as const;

export const ENGAGEMENT_PAGE_TEXTS = {
  proposalHeading: 'What was agreed',
  proposalPdf: 'Download the signed proposal (PDF)',
  signedBy: 'Signed by',
  invoicesHeading: 'Invoices',
  noInvoices: 'No invoice yet.',
  invoicePdf: 'PDF',
  callsHeading: 'Next calls',
  noCalls: 'No call booked.',
  callChange: 'To move or cancel a call, use the link in its confirmation e-mail.',
  callManage: 'Move or cancel',
  filesHeading: 'Files',
  noFiles: 'No file shared yet.',
  fileLabel: 'Share a file',
  fileHint: 'PDF, image, text, CSV, Word, Excel, PowerPoint or ZIP; at most 10 MB.',
  upload: 'Upload',
  threadHeading: 'Messages',
  noMessages: 'No message yet.',
  fromClient: 'You',
  fromOwner: 'Us',
  messageLabel: 'Your message',
  send: 'Send',
  closedNote:
    'This work is closed. The page stays readable for a while; it can no longer be changed.',
  preview: 'Preview: this is what the client sees. Nothing done here reaches them.',
  notFoundHeading: 'Link not found',
  goneHeading: 'This link has ended',
  unavailableHeading: 'Not available right now',
  askLink: 'Ask for your current link',
  linkHeading: 'Get your project link',
  linkPrompt:
    'Enter the e-mail address your work with us is under. If it has work in progress, we send its current link there; the link you had before stops working.',
  emailLabel: 'E-mail address',
  linkSubmit: 'Send me the link',
  home: 'Back to the site',
} as const;

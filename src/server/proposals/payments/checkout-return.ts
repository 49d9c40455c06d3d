/**
 * GET /p/checkout/:session: where Stripe's Checkout sends the client back (docs/payments.md,
 * "Paying the deposit by card"). The addresses given to Stripe carry no link token: they name
 * the Checkout Session (Stripe fills in `{CHECKOUT_SESSION_ID}`), and the page finds its
 * proposal by the session stored when it was made (checkout.ts). It says where the payment
 * stands and acts for no one: no form, no link to the proposal's page, no script. An unknown
 * session is the link's not-found page, counted like every link's miss.
 */
import { Hono, type Context as HonoCtx } from 'hono';
import { eq } from 'drizzle-orm';
import { proposalPayments, proposals, stripeCheckouts } from '#db/schema';
import { escapeHtml as e } from '#shared/escape-html';
import { depositPaid } from '#shared/proposal-payments';
import { goodBox, quietBox } from '#shared/proposal-page/page-view';
import { formatMoney } from '#shared/proposals';
import { clientIp } from '#server/http/context';
import type { AppEnv } from '#server/http/hono-env';
import { linkPageAssets } from '#server/http/page-assets';
import { renderPageShell } from '#server/http/page-shell';
import type { AppDeps } from '#server/http/trpc';
import { pageRefusal } from '#server/http/page-refusal';
import { lookedUpLink } from '#server/platform/link-misses';
import { DEFAULT_BRAND, siteBrand } from '#server/site/site-brand';
import { renderProposalPage } from '../client-page/page-html';

/** The way back's path; Stripe is given it with `{CHECKOUT_SESSION_ID}` after it. */
export const CHECKOUT_RETURN_PATH = '/p/checkout/';
/** A Checkout Session's id as Stripe makes them (`cs_test_…`, `cs_live_…`). */
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

const T = {
  cancelledHeading: 'Payment cancelled',
  cancelled: 'The payment was cancelled: nothing was charged.',
  payLater:
    'To pay the deposit, open your proposal from the link in the e-mail that brought it and press “Pay the deposit”.',
  paid: 'Deposit paid. Thank you.',
  received: (money: string, number: string) =>
    `We received ${money} for proposal ${number}. A receipt is on its way to you by e-mail.`,
  confirming: (money: string) => `Thank you: Stripe is confirming your payment of ${money}.`,
  confirmingNext: (number: string) =>
    `We e-mail you a receipt for proposal ${number} once it is in. Reload this page in a moment to see it here.`,
  home: 'Back to the home page',
} as const;

type ReturnState = 'paid' | 'confirming' | 'cancelled';

interface Found {
  title: string;
  number: string;
  money: string;
  state: ReturnState;
}

/** The session's proposal and where its payment stands, or undefined for an unknown session. */
async function findReturn(
  deps: Pick<AppDeps, 'db'>,
  sessionId: string,
  cancelled: boolean,
): Promise<Found | undefined> {
  const row = await deps.db
    .select({ asked: stripeCheckouts, proposal: proposals })
    .from(stripeCheckouts)
    .innerJoin(proposals, eq(proposals.id, stripeCheckouts.proposalId))
    .where(eq(stripeCheckouts.sessionId, sessionId))
    .get();
  if (!row) return undefined;
  const { asked, proposal } = row;
  const payments = await deps.db
    .select()
    .from(proposalPayments)
    .where(eq(proposalPayments.proposalId, proposal.id))
    .all();
  // Paid: this session's payment is in, or the deposit is covered (a payment by hand).
  const covered = asked.paymentId !== null || depositPaid({ ...proposal, payments });
  return {
    title: proposal.title,
    number: proposal.number,
    money: formatMoney(asked.amount, asked.currency),
    state: cancelled ? 'cancelled' : covered ? 'paid' : 'confirming',
  };
}

function body(found: Found | undefined): string {
  const p = (html: string, classes = 'mt-3 text-ink') => `<p class="${classes}">${html}</p>`;
  let parts: string[];
  if (!found || found.state === 'cancelled') {
    parts = [p(T.cancelled, `mt-4 ${quietBox}`), p(e(T.payLater))];
  } else if (found.state === 'paid') {
    parts = [p(T.paid, `mt-4 ${goodBox}`), p(e(T.received(found.money, found.number)))];
  } else {
    parts = [
      p(e(T.confirming(found.money)), `mt-4 ${quietBox}`),
      p(e(T.confirmingNext(found.number))),
    ];
  }
  const home = `<p class="mt-8 text-center"><a href="/" class="font-medium text-brand-700 underline underline-offset-4">${T.home}</a></p>`;
  return `${parts.join('\n')}\n${home}`;
}

export function checkoutReturnRoutes(deps: AppDeps, clientDir: string | undefined) {
  async function answer(c: HonoCtx<AppEnv>, html: string, status: 200 | 404 | 429 | 500 | 503) {
    c.header('Cache-Control', 'no-store');
    // The address names the session: no other site gets it as a referrer.
    c.header('Referrer-Policy', 'no-referrer');
    return c.html(html, status);
  }

  return new Hono<AppEnv>().get(`${CHECKOUT_RETURN_PATH}:session`, async (c) => {
    const sessionId = c.req.param('session');
    const cancelled = c.req.query('cancelled') !== undefined;
    const brand = await siteBrand(deps.db).catch(() => DEFAULT_BRAND);
    const { stylesheets } = await linkPageAssets(clientDir);
    const ctx = { ...deps, req: { ip: clientIp(c, deps.config.trustProxy) } };
    let found: Found | undefined;
    try {
      // Back from a cancel, the session is looked at only when Stripe filled it in.
      found =
        cancelled && !SESSION_ID.test(sessionId)
          ? undefined
          : await lookedUpLink(ctx, async () =>
              SESSION_ID.test(sessionId) ? await findReturn(deps, sessionId, cancelled) : undefined,
            );
    } catch (error) {
      const { status, message } = pageRefusal(
        c,
        deps.logger,
        error,
        [429, 503],
        'payments.checkout_return_failed',
      );
      const page = { state: 'unavailable' as const, message };
      return answer(c, renderProposalPage(page, { stylesheets }, brand), status);
    }
    if (!found && !cancelled) {
      return answer(c, renderProposalPage({ state: 'not-found' }, { stylesheets }, brand), 404);
    }
    const html = renderPageShell({
      heading: found?.title ?? T.cancelledHeading,
      company: brand,
      assets: { stylesheets },
      withScript: false,
      themeScript: false,
      mainClass: 'flex flex-1 items-start justify-center px-4 py-8 sm:py-12',
      cardClass:
        'w-full max-w-lg rounded-2xl border border-line bg-surface p-6 text-left shadow-lg sm:p-8',
      body: body(found),
    });
    return answer(c, html, 200);
  });
}

/**
 * The confirm and unsubscribe pages' script on the page the server writes: once the press
 * has worked, the card says it is done (heading and title too) and offers the way home.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderLinkPage } from '#server/newsletter/link-pages/page-html';
import type { LinkKind } from '#server/newsletter/link-pages/texts';
import { waitUntil } from '#tests/support/wait';

const company = { name: 'Acme AI Engineering', shortName: 'Acme AI' };

async function openPage(kind: LinkKind, status: number) {
  const html = renderLinkPage(
    { state: 'valid', kind, token: 'a'.repeat(43) },
    { stylesheets: [] },
    company,
  );
  // The page's head and body go into this document's own: the client project keeps one
  // document for the files of a worker (vite.config.ts), and the body element must stay the
  // one testing-library's \`screen\` was bound to.
  const page = new DOMParser().parseFromString(html, 'text/html');
  document.head.innerHTML = page.head.innerHTML;
  document.body.innerHTML = page.body.innerHTML;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status })),
  );
  vi.resetModules();
  await import('./newsletter-link-main');
}

async function press() {
  document.querySelector<HTMLButtonElement>('button[data-endpoint]')?.click();
  await waitUntil(() => {
    expect(document.querySelector('[data-result]')?.getAttribute('data-outcome')).not.toBeNull();
  });
}

const heading = () => document.querySelector('h1')?.textContent;
const homeLink = () =>
  [...document.querySelectorAll<HTMLAnchorElement>('main a')].find((a) => !a.hidden);

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('newsletter link page script', () => {
  it('after a confirmation: "Subscription confirmed" and a link back home', async () => {
    await openPage('confirm', 200);
    expect(heading()).toBe('Confirm your subscription');
    expect(homeLink()).toBeUndefined();
    await press();
    expect(heading()).toBe('Subscription confirmed');
    expect(document.title).toBe('Subscription confirmed | Acme AI Engineering');
    expect(document.querySelector('[data-result]')?.textContent).toBe(
      "You're subscribed. Thank you!",
    );
    expect(homeLink()?.getAttribute('href')).toBe('/');
    expect(homeLink()?.textContent).toBe('Back to the home page');
  });

  it('after unsubscribing: "You are unsubscribed" and a link back home', async () => {
    await openPage('unsubscribe', 200);
    await press();
    expect(heading()).toBe('You are unsubscribed');
    expect(homeLink()?.getAttribute('href')).toBe('/');
  });

  it('after a failure the heading stays and the button stays for another try', async () => {
    await openPage('confirm', 503);
    await press();
    expect(heading()).toBe('Confirm your subscription');
    expect(homeLink()).toBeUndefined();
    expect(document.querySelector<HTMLButtonElement>('button[data-endpoint]')?.hidden).toBe(false);
  });
});

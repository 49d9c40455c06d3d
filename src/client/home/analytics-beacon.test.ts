import { describe, expect, it, vi } from 'vitest';
import { installBeacon, sendEvent } from './analytics-beacon';

const PAGE = 'https://acme.example/?utm_source=newsletter';
const REFERRER = 'https://search.example/results?q=ai';

/**
 * A page of its own per test (the beacon's listeners stay for the page's life): a fresh
 * document, still loading until `load()`, and a window with just what the beacon uses, its
 * idle callbacks held for the test to run.
 */
function page({ beacon = true, referrer = REFERRER } = {}) {
  const document = window.document.implementation.createHTMLDocument();
  document.body.innerHTML = `
    <a href="#contact" data-event="cta_click"><span>Book a Free Consultation</span></a>
    <a href="#services">Explore Services</a>
    <button type="button" data-event="video_play"><svg></svg></button>
    <video controls data-event="video_play"></video>`;
  let readyState: DocumentReadyState = 'loading';
  Object.defineProperty(document, 'readyState', { get: () => readyState });
  Object.defineProperty(document, 'referrer', { value: referrer });
  const events = new EventTarget();
  const sendBeacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
  const fetch = vi.fn<typeof window.fetch>(() => Promise.resolve(new Response(null)));
  const idle: (() => void)[] = [];
  const win = {
    document,
    location: { href: PAGE },
    navigator: beacon ? { sendBeacon } : {},
    fetch,
    requestIdleCallback: (callback: () => void) => idle.push(callback),
    addEventListener: events.addEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  } as unknown as Window;
  const load = () => {
    readyState = 'complete';
    win.dispatchEvent(new Event('load'));
  };
  return { win, sendBeacon, fetch, idle, load };
}

/** jsdom's Blob has no text(). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
    reader.readAsText(blob);
  });
}

async function sentBodies(sendBeacon: ReturnType<typeof page>['sendBeacon']) {
  return Promise.all(
    sendBeacon.mock.calls.map(async ([url, blob]) => ({
      url,
      type: blob.type,
      body: JSON.parse(await blobText(blob)) as unknown,
    })),
  );
}

describe('the pageview', () => {
  it('waits for the load event and then for an idle moment, and is sent once', async () => {
    const { win, sendBeacon, idle, load } = page();
    expect(win.document.readyState).not.toBe('complete');
    installBeacon(win);
    expect(idle).toHaveLength(0);
    load();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]!();
    expect(await sentBodies(sendBeacon)).toEqual([
      {
        url: '/api/event',
        type: 'application/json',
        body: { name: 'pageview', url: PAGE, referrer: REFERRER },
      },
    ]);
    // Leaving the page later sends nothing more.
    win.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('is sent when the visitor leaves before the page was idle, and not again after', () => {
    const { win, sendBeacon, idle, load } = page();
    installBeacon(win);
    load();
    win.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    idle[0]!();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('sends a null referrer when the visitor came straight to the page', async () => {
    const { win, sendBeacon } = page({ referrer: '' });
    sendEvent('pageview', win);
    expect(await sentBodies(sendBeacon)).toMatchObject([{ body: { referrer: null } }]);
  });
});

describe('custom events', () => {
  it('are named by the clicked element or its ancestor, other clicks send nothing', async () => {
    const { win, sendBeacon } = page();
    installBeacon(win);
    const doc = win.document;
    doc.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    doc.querySelector('svg')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    doc.querySelector<HTMLElement>('a[href="#services"]')!.click();
    doc.body.click();
    const bodies = await sentBodies(sendBeacon);
    expect(bodies.map(({ body }) => body)).toEqual([
      { name: 'cta_click', url: PAGE, referrer: REFERRER },
      { name: 'video_play', url: PAGE, referrer: REFERRER },
    ]);
  });

  it('count a video once, when it first plays, not when it is clicked (a click may pause it)', async () => {
    const { win, sendBeacon } = page();
    installBeacon(win);
    const video = win.document.querySelector('video')!;
    video.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(sendBeacon).not.toHaveBeenCalled();
    // Media events do not bubble.
    video.dispatchEvent(new Event('play'));
    video.dispatchEvent(new Event('pause'));
    video.dispatchEvent(new Event('play'));
    expect((await sentBodies(sendBeacon)).map(({ body }) => body)).toEqual([
      { name: 'video_play', url: PAGE, referrer: REFERRER },
    ]);
  });

  it('are counted even when a handler stops the click from reaching the document', () => {
    const { win, sendBeacon } = page();
    installBeacon(win);
    const link = win.document.querySelector<HTMLElement>('[data-event="cta_click"]')!;
    link.addEventListener('click', (event) => event.stopPropagation());
    link.click();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });
});

describe('the fallback', () => {
  it('posts with fetch and keepalive when the browser has no sendBeacon', () => {
    const { win, fetch } = page({ beacon: false });
    sendEvent('cta_click', win);
    expect(fetch).toHaveBeenCalledWith('/api/event', {
      method: 'POST',
      body: JSON.stringify({
        name: 'cta_click',
        url: PAGE,
        referrer: REFERRER,
      }),
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
    });
  });

  it('posts with fetch when sendBeacon refuses the data, and swallows a failed request', async () => {
    const { win, sendBeacon, fetch } = page();
    sendBeacon.mockReturnValue(false);
    fetch.mockRejectedValue(new TypeError('offline'));
    sendEvent('pageview', win);
    expect(fetch).toHaveBeenCalledTimes(1);
    // The rejection is handled: an unhandled one would fail this test run.
    await Promise.resolve();
  });
});

describe("the build's prerender", () => {
  it('sends nothing, and marks the three call-to-action links', async () => {
    const sendBeacon = vi.fn(() => true);
    const fetch = vi.fn<typeof globalThis.fetch>();
    vi.stubGlobal('navigator', { ...globalThis.navigator, sendBeacon });
    vi.stubGlobal('fetch', fetch);
    try {
      const { renderHome } = await import('#client/entry-server');
      const { defaultSiteContent } = await import('#shared/site-content-defaults');
      const html = await renderHome(defaultSiteContent);
      expect(html.match(/data-event="cta_click"/g)).toHaveLength(3);
      expect(sendBeacon).not.toHaveBeenCalled();
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

/**
 * The home page's cookieless counting (docs/product.md, "Analytics beacon"): one `pageview`
 * per page load, and the custom event an element names in its `data-event` attribute when it
 * is clicked ("Book a Free Consultation", "Get in Touch", an embedded video's play button), or,
 * for a <video> or <audio>, when it first plays (the demo video: its controls, the keyboard or
 * a tap on the picture all start it, and a click on it may as well pause it). Nothing is
 * kept in the browser; the server decides what it records. Installed by home-main.tsx, the
 * browser's entry, so the build's prerender never sends anything.
 */

const ENDPOINT = '/api/event';

/** How long the pageview waits for an idle moment at most. */
const IDLE_TIMEOUT_MS = 2000;

export function sendEvent(name: string, win: Window = window): void {
  const body = JSON.stringify({
    name,
    url: win.location.href,
    referrer: win.document.referrer || null,
  });
  // Typed as JSON, which the server's API requires (415 otherwise); the page and the API share
  // one origin, so the beacon needs no CORS preflight. It survives the page being closed.
  const blob = new Blob([body], { type: 'application/json' });
  if ('sendBeacon' in win.navigator && win.navigator.sendBeacon(ENDPOINT, blob)) return;
  // No sendBeacon, or its queue is full: keepalive lets the request outlive the page too.
  win
    .fetch(ENDPOINT, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
      keepalive: true,
    })
    .catch(() => {});
}

function isMedia(element: Element | null | undefined): boolean {
  return element?.localName === 'video' || element?.localName === 'audio';
}

/**
 * Starts counting: the click listener at once (links work before hydration, so clicks count
 * then too), the pageview after the load event, when the page is idle, so it never competes
 * with the page's own work. A visitor who leaves before that is still counted on `pagehide`.
 */
export function installBeacon(win: Window = window): void {
  win.document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      const element = target?.closest?.('[data-event]');
      const name = element?.getAttribute('data-event');
      if (name && !isMedia(element)) sendEvent(name, win);
    },
    // Capture: the in-page links' smooth scroll handles the same click; nothing it does can
    // keep the event from being counted.
    true,
  );
  const played = new WeakSet<Element>();
  win.document.addEventListener(
    'play',
    (event) => {
      const media = event.target as Element | null;
      const name = media?.getAttribute?.('data-event');
      if (!media || !name || played.has(media)) return;
      played.add(media);
      sendEvent(name, win);
    },
    // Media events do not bubble: the document hears them only while capturing.
    true,
  );

  let sent = false;
  const pageview = () => {
    if (sent) return;
    sent = true;
    sendEvent('pageview', win);
  };
  const whenIdle = () =>
    // Safari has no requestIdleCallback: a task after the load event will do.
    typeof win.requestIdleCallback === 'function'
      ? win.requestIdleCallback(pageview, { timeout: IDLE_TIMEOUT_MS })
      : win.setTimeout(pageview);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
  win.addEventListener('pagehide', pageview, { once: true });
}

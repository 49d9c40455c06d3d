/**
 * Entry of the newsletter's confirm and unsubscribe pages, which the server renders
 * (src/server/newsletter/link-pages/, docs/decisions/0028): no React, no imports but the
 * stylesheet. The page's one button posts the link's token as JSON; the answer replaces the
 * button in place, announced (a polite live region) and focused; after a success the heading
 * and the title say it is done and a link leads home. Every text comes from the
 * page's data attributes, so this file holds no copy of them.
 */
import './styles.css';

type Outcome = 'success' | 'invalid' | 'failed';

const button = document.querySelector<HTMLButtonElement>('button[data-endpoint]');
const result = document.querySelector<HTMLElement>('[data-result]');
const prompt = document.querySelector<HTMLElement>('[data-prompt]');
const heading = document.querySelector<HTMLElement>('[data-heading]');
const home = document.querySelector<HTMLElement>('[data-home]');

async function post(endpoint: string, token: string): Promise<Outcome> {
  try {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (response.ok) return 'success';
    // Unknown, expired or malformed: pressing again cannot help.
    return response.status === 404 || response.status === 400 ? 'invalid' : 'failed';
  } catch {
    return 'failed';
  }
}

if (button && result) {
  const { endpoint = '', token = '' } = button.dataset;
  const label = button.textContent;
  let busy = false;
  button.addEventListener('click', async () => {
    if (busy) return;
    busy = true;
    // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
    button.setAttribute('aria-disabled', 'true');
    button.textContent = button.dataset.pending ?? label;
    const outcome = await post(endpoint, token);
    busy = false;
    button.removeAttribute('aria-disabled');
    button.textContent = label;
    // After a success or a dead link the button has nothing left to do; after a failure
    // (throttled, server busy, offline) it stays for another try.
    if (outcome !== 'failed') {
      button.hidden = true;
      if (prompt) prompt.hidden = true;
    }
    const done = button.dataset.doneHeading;
    if (outcome === 'success' && heading && done) {
      // The title is "{heading} | {site}": only the heading's part changes.
      document.title = document.title.replace(heading.textContent ?? '', done);
      heading.textContent = done;
      if (home) home.hidden = false;
    }
    result.dataset.outcome = outcome;
    result.textContent = button.dataset[outcome] ?? '';
    result.focus();
  });
}

/**
 * The manage page's script (booking-manage-main.ts) posts what identifies the call: the call's
 * own token, or an engagement page's link with the call's id (docs/engagements.md, "Calls").
 */
import { afterEach, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

it("cancels through an engagement's link with the call's id", async () => {
  document.body.innerHTML = `<h1 data-heading>Your call</h1>
<div data-manage data-token="${'t'.repeat(43)}" data-call="7">
<section data-needs-script hidden><form data-cancel>
<textarea name="reason">Travelling that week</textarea><button type="submit">Cancel</button>
</form><p data-cancel-status tabindex="-1"></p></section></div>`;
  const posted: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    posted.push({ path, body: JSON.parse(String(init.body)) });
    return Promise.resolve(new Response(JSON.stringify({ success: true }), { status: 200 }));
  });
  await import('./booking-manage-main');
  document.querySelector<HTMLFormElement>('form[data-cancel]')!.requestSubmit();
  await waitFor(() => expect(posted).toHaveLength(1));
  expect(posted[0]).toEqual({
    path: '/api/booking/cancel',
    body: { token: 't'.repeat(43), call: 7, reason: 'Travelling that week' },
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { trpc } from '#client/lib/trpc';
import { useSiteBrand } from '#client/lib/site-brand';
import { Logo } from '#client/ui/logo';
import { toastQueue } from '#client/ui/toast';
import { MEDIA_MESSAGES } from '#shared/site-media';
import type { SiteMedia } from '#shared/shapes/media';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { MediaCard } from './media-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const LOGO: SiteMedia = {
  logo: { src: '/uploads/logo-png-0123456789abcdef.png', width: 432, height: 108 },
};

/** The card as the screen shows it: fed by `media.list`, as the page's query is. */
function Screen() {
  const media = trpc.media.list.useQuery();
  return media.data ? <MediaCard media={media.data} /> : null;
}

/** The brand as the admin's header (admin-shell.tsx) shows it. */
function AdminBrand() {
  return (
    <span data-testid="admin-brand">
      <Logo {...useSiteBrand()} />
    </span>
  );
}

/** The tRPC fake, and POST /api/media/:slot answered by `upload` (its multipart body recorded). */
function fakeServer(upload: () => Response) {
  const server = fakeTrpcServer({ 'media.list': () => ({ data: {} }) });
  const trpcFetch = globalThis.fetch;
  const sent: { path: string; file: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const address = String(input instanceof Request ? input.url : input);
    if (!address.startsWith('/api/media/')) return trpcFetch(input, init);
    const body = init?.body;
    const file = body instanceof FormData ? body.get('file') : null;
    sent.push({ path: address, file: file instanceof File ? file.name : null });
    return upload();
  });
  return { server, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('MediaCard', () => {
  it('uploads the chosen file as multipart and shows the new picture', async () => {
    const { sent } = fakeServer(() => json(200, { success: true, media: LOGO }));
    renderAdmin(
      <>
        <AdminBrand />
        <Screen />
      </>,
    );
    expect((await screen.findByTestId('admin-brand')).querySelector('img')).toBeNull();
    expect(await screen.findAllByText('The built-in default.')).toHaveLength(2);
    await userEvent.upload(
      screen.getByLabelText('Upload a logo'),
      new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      LOGO.logo?.src,
    );
    expect(sent).toEqual([{ path: '/api/media/logo', file: 'logo.png' }]);
    // The admin's header (its brand) shows the new logo in place of the built-in mark.
    expect(screen.getByTestId('admin-brand').querySelector('img')).toHaveAttribute(
      'src',
      LOGO.logo?.src,
    );
    expect(screen.getByLabelText('Replace the logo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('previews the sharing image as the home page shares it, and the logo as the favicon', async () => {
    renderAdmin(<MediaCard media={LOGO} contentVersion={4} />);
    // Not uploaded: the picture the server draws from the saved brand (or its built-in card).
    const og = await screen.findByRole('img', { name: 'Current sharing image' });
    expect(og.getAttribute('src')).toMatch(/^\/og\/home\.png\?v=/);
    expect(
      screen.getByText(/Drawn from the company name, the headline and the logo/),
    ).toBeVisible();
    // No favicon uploaded: the tabs show the logo.
    expect(screen.getByRole('img', { name: 'Current favicon' })).toHaveAttribute(
      'src',
      LOGO.logo?.src,
    );
    expect(screen.getByText('The logo, until a favicon is uploaded.')).toBeVisible();
  });

  it("shows the server's reason when it refuses the file", async () => {
    fakeServer(() => json(400, { success: false, message: MEDIA_MESSAGES.notImage }));
    renderAdmin(<Screen />);
    await userEvent.upload(
      await screen.findByLabelText("Upload a founder's photo"),
      new File(['not an image'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(MEDIA_MESSAGES.notImage)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: "Current founder's photo" })).toBeNull();
  });
});

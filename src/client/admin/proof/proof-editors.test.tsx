/**
 * The editors' consent record and the server's refusals at their fields (docs/admin-guide.md,
 * "Testimonials and client logos"), against a fake tRPC server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toastQueue } from '#client/ui/toast';
import { PROOF_MESSAGES } from '#shared/proof';
import type { ClientLogo, Testimonial } from '#shared/shapes/proof';
import { fakeTrpcServer, invalidInput } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { LogoEditor } from './logo-editor';
import { TestimonialEditor } from './testimonial-editor';
import { waitUntil } from '#tests/support/wait';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const DRAFT: Testimonial = {
  id: 4,
  quote: 'They answered in minutes.',
  name: 'Ada Lovelace',
  role: 'Head of Support',
  company: 'Harbor Logistics',
  photo: null,
  entryId: null,
  leadId: 9,
  consent: null,
  status: 'draft',
};

const LOGO: ClientLogo = {
  id: 2,
  name: 'Acme',
  image: null,
  url: null,
  consent: { at: '2026-05-03', how: 'e-mail of 3 May' },
  status: 'draft',
};

const NO_ENTRIES = { data: { entries: [], total: 0, page: 1, pageSize: 25 } };

const consentGroup = () => screen.getByRole('group', { name: 'Consent' });

describe('the testimonial editor', () => {
  it('publishes only what the server allows: without consent its words are at the consent record, focused', async () => {
    const server = fakeTrpcServer({
      'entries.list': () => NO_ENTRIES,
      'testimonials.save': () => ({ data: { testimonial: DRAFT } }),
      'testimonials.publish': () =>
        invalidInput([{ path: 'consent', message: PROOF_MESSAGES.consentRequired }]),
      'testimonials.byId': () => ({ data: { testimonial: DRAFT } }),
      'testimonials.list': () => ({
        data: { testimonials: [DRAFT], total: 1, page: 1, pageSize: 25 },
      }),
    });
    renderAdmin(<TestimonialEditor testimonial={DRAFT} />);
    // The sentence that says why, and the button that says what it still needs.
    expect(
      await screen.findByText(
        'Publishing needs the client’s agreement: record when and how they gave it.',
      ),
    ).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toHaveAccessibleDescription('Publishing needs the client’s consent.');
    expect(screen.getByRole('link', { name: 'lead 9' })).toBeInTheDocument();
    expect(screen.getByText('25 of 600 characters')).toBeInTheDocument();

    await userEvent.click(publish);
    expect(await within(consentGroup()).findByText(PROOF_MESSAGES.consentRequired)).toBeVisible();
    expect(consentGroup()).toHaveAccessibleDescription(
      `Publishing needs the client’s agreement: record when and how they gave it. ${PROOF_MESSAGES.consentRequired}`,
    );
    expect(screen.getByLabelText('Date of consent')).toHaveFocus();
    // The text was saved first; a blank record is none, and the lead was left as it is.
    expect(server.callsTo('testimonials.save').map((call) => call.input)).toEqual([
      {
        id: 4,
        quote: DRAFT.quote,
        name: DRAFT.name,
        role: DRAFT.role,
        company: DRAFT.company,
        entryId: null,
        consent: null,
      },
    ]);
  });

  it('shows a half-filled record’s issue at its own field, then saves and publishes the whole', async () => {
    const published = { ...DRAFT, status: 'published' as const };
    const server = fakeTrpcServer({
      'entries.list': () => NO_ENTRIES,
      'testimonials.save': () =>
        invalidInput([{ path: 'consent.how', message: PROOF_MESSAGES.consentHow }]),
      'testimonials.byId': () => ({ data: { testimonial: DRAFT } }),
      'testimonials.list': () => ({
        data: { testimonials: [DRAFT], total: 1, page: 1, pageSize: 25 },
      }),
    });
    renderAdmin(<TestimonialEditor testimonial={DRAFT} />);
    const date = await screen.findByLabelText('Date of consent');
    await userEvent.type(date, '2026-05-03');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const how = screen.getByRole('textbox', { name: 'How it was given' });
    await waitUntil(() => expect(how).toHaveAttribute('aria-invalid', 'true'));
    expect(how).toHaveFocus();
    expect(how).toHaveAccessibleDescription(
      expect.stringContaining(PROOF_MESSAGES.consentHow) as string,
    );
    expect(server.callsTo('testimonials.publish')).toEqual([]);

    server.handlers['testimonials.save'] = () => ({ data: { testimonial: DRAFT } });
    server.handlers['testimonials.publish'] = () => ({ data: { testimonial: published } });
    await userEvent.type(how, 'e-mail of 3 May');
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveAccessibleDescription(
      'Publishing saves your changes first.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitUntil(() =>
      expect(toastQueue.visibleToasts.map((t) => t.content.title)).toContain(
        'Testimonial published',
      ),
    );
    expect(server.callsTo('testimonials.save').at(-1)?.input).toMatchObject({
      consent: { at: '2026-05-03', how: 'e-mail of 3 May' },
    });
    expect(server.callsTo('testimonials.publish').map((call) => call.input)).toEqual([{ id: 4 }]);
  });
});

describe('deleting', () => {
  it('asks first; Cancel keeps it, the dialog’s Delete removes it', async () => {
    const server = fakeTrpcServer({
      'entries.list': () => NO_ENTRIES,
      'testimonials.remove': () => ({ data: { success: true } }),
      'testimonials.list': () => ({ data: { testimonials: [], total: 0, page: 1, pageSize: 25 } }),
    });
    renderAdmin(<TestimonialEditor testimonial={DRAFT} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this testimonial?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('testimonials.remove')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete testimonial',
      }),
    );
    await waitUntil(() =>
      expect(server.callsTo('testimonials.remove').map((call) => call.input)).toEqual([{ id: 4 }]),
    );
  });
});

describe('the logo editor', () => {
  it('shows a publish refused for want of an image at the image, and says so beside Publish', async () => {
    fakeTrpcServer({
      'clientLogos.save': () => ({ data: { clientLogo: LOGO } }),
      'clientLogos.publish': () =>
        invalidInput([{ path: 'image', message: PROOF_MESSAGES.imageRequired }]),
      'clientLogos.byId': () => ({ data: { clientLogo: LOGO } }),
      'clientLogos.list': () => ({
        data: { clientLogos: [LOGO], total: 1, page: 1, pageSize: 25 },
      }),
    });
    renderAdmin(<LogoEditor logo={LOGO} />);
    const publish = await screen.findByRole('button', { name: 'Publish' });
    expect(publish).toHaveAccessibleDescription('Publishing needs an image.');
    await userEvent.click(publish);
    const image = screen.getByRole('region', { name: 'Logo image' });
    expect(await within(image).findByText(PROOF_MESSAGES.imageRequired)).toBeVisible();
    expect(within(image).getByLabelText('Upload the logo image')).toHaveFocus();
  });
});

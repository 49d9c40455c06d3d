/**
 * "Request testimonial" and "Draft case study" on the lead's page (docs/engagements.md): each a
 * small labelled form that sends what it says, announces the outcome in a live region, and shows
 * the server's refusal; the AI choice shows only with AI set up.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '#tests/support/render-admin';
import { fakeTrpcServer, refusal } from '#tests/support/trpc-fetch';
import { TestimonialActions } from './testimonial-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const usage = (enabled: boolean) => ({
  data: {
    enabled,
    provider: enabled ? 'openai-compatible' : null,
    model: enabled ? 'fake-model' : null,
    month: { inputTokens: 0, outputTokens: 0, limit: 1_000_000 },
  },
});

const REQUEST = {
  id: 3,
  leadId: 7,
  status: 'open',
  suggestedText: 'Calm and clear.',
  suggestedByAi: false,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-12-28T10:00:00.000Z',
  testimonialId: null,
};

const ENTRY = {
  id: 12,
  kind: 'case_study',
  slug: 'case-study-support-inbox',
  title: 'Case study: Support inbox clean-up',
  summary: 'How we worked with Acme.',
  client: null,
  industry: null,
  results: [],
  tags: [],
  coverImage: null,
  status: 'draft',
  version: 1,
  publishedAt: null,
  updatedAt: '2026-11-28T10:00:00.000Z',
  body: '## The client',
};

describe('Request testimonial', () => {
  it("sends the owner's words and says the request was mailed", async () => {
    const server = fakeTrpcServer({
      'ai.usage': () => usage(false),
      'testimonialRequests.create': () => ({ data: REQUEST }),
    });
    const user = userEvent.setup();
    renderAdmin(<TestimonialActions leadId={7} />);
    const form = await screen.findByRole('form', { name: 'Request testimonial' });
    expect(within(form).queryByRole('checkbox')).toBeNull();
    await user.type(
      within(form).getByRole('textbox', { name: /Suggested words/ }),
      'Calm and clear.',
    );
    await user.click(within(form).getByRole('button', { name: 'Request testimonial' }));
    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent(
        'Request mailed to the client. Its link works until',
      ),
    );
    expect(server.callsTo('testimonialRequests.create').map((c) => c.input)).toEqual([
      { id: 7, ai: false, text: 'Calm and clear.' },
    ]);
  });

  it('offers the AI suggestion with AI set up, and shows a refusal (409) as an alert', async () => {
    const server = fakeTrpcServer({
      'ai.usage': () => usage(true),
      'testimonialRequests.create': () =>
        refusal('CONFLICT', 409, 'This lead already has an open testimonial request'),
    });
    const user = userEvent.setup();
    renderAdmin(<TestimonialActions leadId={7} />);
    const form = await screen.findByRole('form', { name: 'Request testimonial' });
    await user.click(await within(form).findByRole('checkbox', { name: /Let AI suggest/ }));
    await user.click(within(form).getByRole('button', { name: 'Request testimonial' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'This lead already has an open testimonial request',
    );
    expect(server.callsTo('testimonialRequests.create').map((c) => c.input)).toEqual([
      { id: 7, ai: true },
    ]);
  });
});

describe('Draft case study', () => {
  it('sends the amounts choice, links the draft and lists the removed quotations', async () => {
    const server = fakeTrpcServer({
      'ai.usage': () => usage(true),
      'caseStudy.draft': () => ({
        data: { entry: ENTRY, flagged: ['it doubled our revenue in a week'] },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<TestimonialActions leadId={7} />);
    const form = await screen.findByRole('form', { name: 'Draft case study' });
    await user.click(within(form).getByRole('checkbox', { name: /Include amounts/ }));
    await user.click(within(form).getByRole('button', { name: 'Draft case study' }));
    const status = within(form).getByRole('status');
    expect(
      await within(status).findByRole('link', { name: 'Case study: Support inbox clean-up' }),
    ).toHaveAttribute('href', '/admin/content/case-studies/12');
    expect(status).toHaveTextContent('it doubled our revenue in a week');
    expect(server.callsTo('caseStudy.draft').map((c) => c.input)).toEqual([
      { id: 7, amounts: true },
    ]);
  });
});

/**
 * The admin's navigation marks the section of the screen shown (issue 57): Content stays
 * current on the testimonial and client-logo screens and their editors, which the Content
 * sections list as its parts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { AdminNav } from './admin-nav';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const current = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

describe('the admin navigation', () => {
  it.each([
    '/admin/content/case-studies/3',
    '/admin/testimonials',
    '/admin/testimonials/4',
    '/admin/client-logos/new',
  ])('marks Content, and only it, as current at %s', async (at) => {
    fakeTrpcServer({
      'messages.unreadCount': () => ({ data: { unread: 0 } }),
      'leads.attention': () => ({
        data: { unanswered: [], answered: [], followUps: [], stale: [] },
      }),
    });
    renderAdmin(<AdminNav />, { at });
    await screen.findByRole('link', { name: 'Content' });
    expect(current()).toEqual(['Content']);
  });
});

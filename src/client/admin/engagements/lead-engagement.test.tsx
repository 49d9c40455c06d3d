/**
 * A lead's Engagement section (docs/engagements.md): "Open engagement" when there is none; then
 * its title, status and link, "View as client" opening the preview, New link, Revoke, Close and
 * the client's uploads, each sending its id and showing the answer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Engagement } from '#shared/shapes/engagements';
import { toastQueue } from '#client/ui/toast';
import { fakeTrpcServer } from '#tests/support/trpc-fetch';
import { renderAdmin } from '#tests/support/render-admin';
import { LeadEngagement } from './lead-engagement';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  toastQueue.clear();
});

const ACTIVE: Engagement = {
  id: 7,
  leadId: 3,
  proposalId: 11,
  title: 'Data platform audit',
  status: 'active',
  clientUploads: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  closedAt: null,
  linkActive: true,
  linkCreatedAt: '2026-03-01T10:00:00.000Z',
};

describe("a lead's Engagement section", () => {
  it('opens one when the lead has none', async () => {
    const server = fakeTrpcServer({
      'engagements.ofLead': () => ({ data: null }),
      'engagements.open': () => ({ data: ACTIVE }),
    });
    const user = userEvent.setup();
    renderAdmin(<LeadEngagement leadId={3} />);
    await user.click(await screen.findByRole('button', { name: 'Open engagement' }));
    expect(await screen.findByText('Data platform audit')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === 'engagements.open')).toEqual([
      { path: 'engagements.open', input: { id: 3 } },
    ]);
  });

  it('shows the engagement and sends each action with its id', async () => {
    const server = fakeTrpcServer({
      'engagements.ofLead': () => ({ data: ACTIVE }),
      'engagementFiles.list': () => ({ data: { files: [] } }),
      'engagements.link': () => ({ data: ACTIVE }),
      'engagements.revoke': () => ({
        data: { ...ACTIVE, linkActive: false, linkCreatedAt: null },
      }),
      'engagements.update': (input) => ({
        data: { ...ACTIVE, linkActive: false, linkCreatedAt: null, ...(input as object) },
      }),
      'engagements.close': () => ({
        data: { ...ACTIVE, status: 'closed', closedAt: '2026-03-02T10:00:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    renderAdmin(<LeadEngagement leadId={3} />);
    const section = within(await screen.findByRole('region', { name: 'Engagement' }));
    expect(await section.findByText('Data platform audit')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'View as client' })).toHaveAttribute(
      'href',
      '/api/engagements/7/preview',
    );

    await user.click(section.getByRole('button', { name: 'New link' }));
    await user.click(section.getByRole('button', { name: 'Revoke link' }));
    expect(await section.findByText('No working link')).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Revoke link' })).toBeDisabled();
    await user.click(section.getByRole('switch', { name: 'Allow client uploads' }));
    expect(await section.findByRole('switch', { name: 'Allow client uploads' })).toBeChecked();
    await user.click(section.getByRole('button', { name: 'Close engagement' }));
    expect(await section.findByText(/^Closed/)).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'New link' })).toBeDisabled();

    // The files of that engagement, listed in its section (engagement-files.test.tsx has them).
    expect(server.calls).toContainEqual({ path: 'engagementFiles.list', input: { id: 7 } });
    const sent = server.calls.filter(
      (c) => c.path !== 'engagements.ofLead' && c.path !== 'engagementFiles.list',
    );
    expect(sent).toEqual([
      { path: 'engagements.link', input: { id: 7 } },
      { path: 'engagements.revoke', input: { id: 7 } },
      { path: 'engagements.update', input: { id: 7, clientUploads: true } },
      { path: 'engagements.close', input: { id: 7 } },
    ]);
  });
});

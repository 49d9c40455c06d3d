import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '#tests/support/render-admin';
import { AuditSubject } from './audit-subject';

afterEach(cleanup);

describe('an audit entry’s subject', () => {
  it('links its words to the thing’s screen while it exists, inside the app', async () => {
    const { router } = renderAdmin(
      <AuditSubject
        event={{ subject: 'Grace Hopper', link: '/admin/leads/7', target: 'lead 7' }}
      />,
    );
    const link = await screen.findByRole('link', { name: 'Grace Hopper' });
    expect(link).toHaveAttribute('href', '/admin/leads/7');
    expect(screen.getByText('lead 7')).toBeVisible();
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/admin/leads/7');
  });

  it('keeps the words without a link once the thing is gone, and the bare target of older entries', async () => {
    renderAdmin(
      <>
        <AuditSubject
          event={{ subject: '“Alan Turing proposed…”', link: null, target: 'fact 4' }}
        />
        <AuditSubject event={{ subject: null, link: null, target: 'fact 3' }} />
        <AuditSubject event={{ subject: 'newbie', link: null, target: 'newbie' }} />
      </>,
    );
    expect(await screen.findByText('“Alan Turing proposed…”')).toBeVisible();
    expect(screen.getByText('fact 3')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
    // A username that is its target too is said once.
    expect(screen.getAllByText('newbie')).toHaveLength(1);
  });
});

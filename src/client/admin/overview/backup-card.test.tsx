import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BackupCard, type BackupStatus } from './backup-card';

afterEach(cleanup);

const status = (overrides: Partial<BackupStatus>): BackupStatus => ({
  configured: true,
  places: ['/srv/backups', 's3://site-backups/prod'],
  everyHours: 24,
  lastGood: {
    at: '2026-11-27T03:00:00.000Z',
    key: 'backup-2026-11-27T03-00-00-000Z.db.gz',
    size: 52_000,
    places: ['/srv/backups', 's3://site-backups/prod'],
  },
  lastFailure: null,
  warning: null,
  ...overrides,
});

describe('Backups on the Overview', () => {
  it('shows the last good backup and where backups go, without a warning', () => {
    render(<BackupCard status={status({})} />);
    expect(screen.getByRole('heading', { name: 'Backups' })).toBeVisible();
    expect(screen.getByText(/Last good backup:/)).toHaveTextContent('50.8 KB');
    expect(
      screen.getByText('Every 24 hours to /srv/backups and s3://site-backups/prod'),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the last run failed or there is no good backup', () => {
    render(
      <BackupCard
        status={status({
          lastGood: null,
          warning: 'The last backup failed: s3://site-backups/prod: 500',
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The last backup failed: s3://site-backups/prod: 500',
    );
    expect(screen.getByText('No good backup yet.')).toBeVisible();
  });
});

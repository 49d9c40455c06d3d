/**
 * The consent block the three public forms end with (privacy-consent-fields.tsx): the box with its
 * message, the legal links outside its label, and the honeypot out of everyone's way.
 */
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { PrivacyConsentFields } from './privacy-consent-fields';
import { SiteContentProvider } from './site-content-context';

afterEach(cleanup);

function Form({ error }: { error?: string }) {
  const [privacy, setPrivacy] = useState(false);
  const [website, setWebsite] = useState('');
  return (
    <SiteContentProvider content={defaultSiteContent}>
      <form aria-label="Test form">
        <PrivacyConsentFields
          privacy={privacy}
          website={website}
          error={error}
          onPrivacy={setPrivacy}
          onWebsite={setWebsite}
        />
        <output>{`${privacy ? 'agreed' : 'not agreed'}, website "${website}"`}</output>
      </form>
    </SiteContentProvider>
  );
}

it('ticks the required box, and a link beside it does not', async () => {
  const user = userEvent.setup();
  render(<Form />);
  const box = screen.getByRole('checkbox', {
    name: 'I agree to the Privacy Policy and Terms of Service.',
  });
  expect(box).toBeRequired();
  expect(box).toHaveAttribute('name', 'privacy');
  const privacy = screen.getByRole('link', { name: /Privacy Policy/ });
  expect(privacy).toHaveAttribute('href', '/privacy');
  expect(privacy.closest('label')).toBeNull();
  await user.click(box);
  expect(box).toBeChecked();
  expect(screen.getByRole('status')).toHaveTextContent('agreed, website ""');
});

it('shows the message under the box and marks it invalid', () => {
  render(<Form error="Please accept the privacy policy" />);
  const box = screen.getByRole('checkbox');
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription('Please accept the privacy policy');
});

it('keeps the honeypot from people: hidden from assistive tech, out of the tab order', async () => {
  const user = userEvent.setup();
  const { container } = render(<Form />);
  const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
  expect(trap.closest('[aria-hidden="true"]')).toHaveClass('honeypot');
  expect(trap).toHaveAttribute('tabindex', '-1');
  expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
  // A bot that fills it anyway: the form gets the value, and the server stores nothing.
  await user.type(trap, 'spam.example');
  expect(screen.getByRole('status')).toHaveTextContent('not agreed, website "spam.example"');
});

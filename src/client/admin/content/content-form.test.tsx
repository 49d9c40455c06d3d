import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteContent } from '#shared/site-content';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { ContentForm, STARTING_TEXT_NOTE } from './content-form';
import { checkContent } from './content-values';

afterEach(cleanup);

/** The form's values after its last change. */
const seen = { values: defaultSiteContent };

function Form() {
  const [values, setValues] = useState<SiteContent>(defaultSiteContent);
  const change = (next: SiteContent) => {
    seen.values = next;
    setValues(next);
  };
  return <ContentForm values={values} errors={checkContent(values).errors} onChange={change} />;
}

describe('the demo video in the Content form', () => {
  it('offers the bundled demo (chosen by default), a YouTube or Vimeo video, or none', async () => {
    render(<Form />);
    const demo = screen.getByRole('radio', { name: 'The demo video that comes with the site' });
    expect(demo).toBeChecked();
    expect(screen.getByRole('group', { name: 'Video' })).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Video address' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'A YouTube or Vimeo video' }));
    const address = screen.getByRole('textbox', { name: 'Video address' });
    // Chosen but empty: the message sits under the field.
    expect(address).toHaveAccessibleDescription(/Paste the address of a YouTube or Vimeo video/);
    // Pasted, as people do (typing into the whole form key by key is slow in jsdom).
    await userEvent.click(address);
    await userEvent.paste('https://youtu.be/dQw4w9WgXcQ?t=42');
    expect(address).toBeValid();
    const check = checkContent(seen.values);
    expect(check.ok && check.content.video).toMatchObject({
      source: 'embed',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42',
    });

    await userEvent.clear(address);
    await userEvent.paste('https://example.com/video');
    expect(address).toBeInvalid();

    await userEvent.click(screen.getByRole('radio', { name: 'No video' }));
    expect(screen.queryByRole('textbox', { name: 'Video address' })).toBeNull();
    expect(checkContent(seen.values)).toMatchObject({ ok: true });
    expect(seen.values.video.source).toBe('none');
  });
});

describe('the acknowledgement e-mail in the Content form', () => {
  it('is off with starting words, turned on by its switch, its subject kept to one line', async () => {
    render(<Form />);
    const section = screen.getByRole('region', { name: 'Acknowledgement e-mail' });
    const toggle = within(section).getByRole('switch', {
      name: 'Send an acknowledgement to the visitor',
    });
    expect(toggle).not.toBeChecked();
    const subject = within(section).getByRole('textbox', { name: 'Acknowledgement subject' });
    expect(subject).toHaveValue('Thank you for your message');
    const body = within(section).getByRole('textbox', { name: 'Acknowledgement text' });
    expect(body).toHaveDisplayValue(/reply within one business day/);

    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(seen.values.acknowledgement.enabled).toBe(true);

    // A field on one line drops a typed line break; a line separator pasted from another
    // program stays, and is refused under the field with the server's own rule.
    await userEvent.click(subject);
    await userEvent.paste('\u2028Bcc: someone@example.com');
    expect(subject).toBeInvalid();
    expect(subject).toHaveAccessibleDescription('Must be on one line');
    expect(checkContent(seen.values).ok).toBe(false);

    await userEvent.clear(body);
    expect(body).toHaveAccessibleDescription(/Required/);
  });
});

describe('the legal pages in the Content form', () => {
  it('mark the privacy policy and terms of service as starting texts until the owner adapts them', async () => {
    render(<Form />);
    const privacy = screen.getByRole('textbox', { name: 'Privacy Policy (/privacy)' });
    const terms = screen.getByRole('textbox', { name: 'Terms of Service (/terms)' });
    expect(terms).toHaveValue(defaultSiteContent.legal.terms);
    expect(terms.textContent).toMatch(/^# Terms of Service/);
    for (const field of [privacy, terms]) {
      expect(field).toHaveAccessibleDescription(STARTING_TEXT_NOTE);
    }
    await userEvent.click(terms);
    await userEvent.paste('\n\nWork is billed monthly.');
    expect(terms).not.toHaveAccessibleDescription(STARTING_TEXT_NOTE);
    expect(privacy).toHaveAccessibleDescription(STARTING_TEXT_NOTE);
  });
});

describe('long lines in the Content form', () => {
  it('wraps a long line in a field that grows, and keeps it one line: a break is a space', async () => {
    render(<Form />);
    const title = screen.getByRole('textbox', {
      name: 'Page title (browser tab and search results)',
    });
    // A field as tall as its text (docs/admin-guide.md), not an input that hides the rest.
    expect(title.tagName).toBe('TEXTAREA');
    expect(title).toHaveClass('field-sizing-content');
    await userEvent.clear(title);
    await userEvent.paste('Acme AI Engineering\nAI Consulting');
    expect(seen.values.company.pageTitle).toBe('Acme AI Engineering AI Consulting');
    expect(checkContent(seen.values).ok).toBe(true);
    // Short by nature: an input on half the row.
    expect(screen.getByRole('textbox', { name: 'Phone' }).tagName).toBe('INPUT');
  });
});

describe("the section words and the founder's name in the Content form", () => {
  it('shows the starting words in their sections, and names a too long or empty one under it', async () => {
    render(<Form />);
    const hero = screen.getByRole('region', { name: 'Hero' });
    expect(within(hero).getByRole('textbox', { name: 'Badge above the headline' })).toHaveValue(
      'AI engineering consultancy',
    );
    expect(within(hero).getByRole('textbox', { name: 'Button to the services' })).toHaveValue(
      'Explore Services',
    );
    const facts = screen.getByRole('region', { name: 'AI facts' });
    expect(within(facts).getByRole('textbox', { name: 'Title' })).toHaveValue('AI Facts');
    const services = screen.getByRole('region', { name: 'Services' });
    const title = within(services).getByRole('textbox', { name: 'Section title' });
    expect(title).toHaveValue('Three-Pillar Service Approach');
    expect(within(services).getByRole('textbox', { name: 'Section subtitle' })).toHaveDisplayValue(
      /^From a first assessment/,
    );
    const footer = screen.getByRole('region', { name: 'Footer' });
    const newsletter = within(footer).getByRole('textbox', { name: /^Newsletter line/ });
    expect(newsletter).toHaveValue(defaultSiteContent.headings.newsletterText);

    await userEvent.clear(title);
    await userEvent.paste('How we help');
    expect(seen.values.headings.servicesTitle).toBe('How we help');
    await userEvent.clear(newsletter);
    expect(newsletter).toHaveAccessibleDescription(/Required/);

    const name = within(screen.getByRole('region', { name: 'Founder' })).getByRole('textbox', {
      name: 'Name (optional)',
    });
    expect(name).toHaveValue('');
    expect(name).toBeValid();
    await userEvent.click(name);
    await userEvent.paste('x'.repeat(101));
    expect(name).toHaveAccessibleDescription(/Must be at most 100 characters/);
    await userEvent.clear(name);
    await userEvent.paste('Ada Lovelace');
    expect(name).toBeValid();
    expect(seen.values.founder.name).toBe('Ada Lovelace');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderNewsletterEmail } from '#shared/newsletter-email';
import { EmailPreview, PREVIEW_DEBOUNCE_MS } from './email-preview';
import { GMAIL_CLIP_WARN_BYTES, renderPreview } from './email-preview-render';
import { LOGO_SLOT, withMailLogo } from '#shared/mail/frame';
import { frameJson, SITE_FRAME_ELEMENT_ID, siteFrameOf } from '#shared/page-data';
import { defaultSiteContent } from '#shared/site-content-defaults';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const frame = (scheme: 'light' | 'dark') =>
  screen.getByTitle(`E-mail preview, ${scheme} scheme`) as HTMLIFrameElement;

describe('renderPreview', () => {
  it('is the sender’s renderer: the same HTML for the same input, both schemes forced', () => {
    const siteUrl = 'https://acme.example';
    const parts = renderPreview('Hi', '# Spring', siteUrl);
    const same = renderNewsletterEmail({
      subject: 'Hi',
      markdown: '# Spring',
      siteName: 'Acme AI Engineering',
      siteUrl,
      unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe?token=preview`,
      scheme: 'dark',
    });
    // As sent: the mailer fills the logo's place, here with no logo.
    expect(parts.dark).toBe(withMailLogo(same.html, null));
    expect(parts.light).toContain('<meta name="color-scheme" content="light">');
    expect(parts.text).toContain('Spring');
    expect(parts.htmlBytes).toBeGreaterThan(same.html.length / 2);
  });
});

describe('the logo in the preview', () => {
  afterEach(() => document.getElementById(SITE_FRAME_ELEMENT_ID)?.remove());

  it('shows the logo the mailer adds, from the page’s frame: an SVG logo as its PNG', () => {
    const logo = {
      src: '/uploads/logo-svg-0123456789abcdef.svg',
      png: '/uploads/logo-png-0123456789abcdef.png',
      width: 432,
      height: 108,
    };
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = SITE_FRAME_ELEMENT_ID;
    element.textContent = frameJson({ ...siteFrameOf(defaultSiteContent), logo });
    document.body.append(element);

    const parts = renderPreview('Hi', '# Spring', 'https://acme.example');
    for (const html of [parts.light, parts.dark]) {
      expect(html).toContain(
        '<img src="https://acme.example/uploads/logo-png-0123456789abcdef.png" width="144" height="36" alt="Acme AI Engineering"',
      );
      expect(html).not.toContain(LOGO_SLOT);
    }
  });
});

describe('EmailPreview', () => {
  it('renders both schemes into sandboxed frames and follows the typing after a pause', () => {
    const { rerender } = render(<EmailPreview subject="Hi" body={'# First heading'} />);
    for (const scheme of ['light', 'dark'] as const) {
      expect(frame(scheme).getAttribute('sandbox')).toBe('');
      expect(frame(scheme).getAttribute('srcdoc')).toContain('First heading</h1>');
    }
    expect(screen.getByText(/First heading/, { selector: 'pre' })).toBeVisible();

    rerender(<EmailPreview subject="Hi" body={'# Second heading'} />);
    act(() => vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS - 1));
    // Mid-pause the preview still shows what was there.
    expect(frame('light').getAttribute('srcdoc')).toContain('First heading</h1>');
    act(() => vi.advanceTimersByTime(1));
    expect(frame('light').getAttribute('srcdoc')).toContain('Second heading</h1>');
    expect(frame('dark').getAttribute('srcdoc')).toContain('Second heading</h1>');
  });

  it('shows the size, and warns once the HTML passes about 100 KB (Gmail clips it)', () => {
    const { rerender } = render(<EmailPreview subject="Hi" body="Short." />);
    expect(screen.getByText(/^HTML size: \d/)).toBeVisible();
    expect(screen.queryByText(/Gmail cuts mails/)).toBeNull();

    // Paragraphs of words: each becomes a styled <p>, so 50,000 characters outgrow 100 KB.
    const long = 'Words in a paragraph.\n\n'.repeat(2100).slice(0, 50_000);
    expect(renderPreview('Hi', long, 'http://localhost').htmlBytes).toBeGreaterThan(
      GMAIL_CLIP_WARN_BYTES,
    );
    rerender(<EmailPreview subject="Hi" body={long} />);
    act(() => vi.advanceTimersByTime(PREVIEW_DEBOUNCE_MS));
    expect(screen.getByRole('status')).toHaveTextContent(/Gmail cuts mails over about 100 KB/);
  });
});

import { describe, expect, it } from 'vitest';
import { renderReplyEmail } from './reply-email';

const input = {
  subject: 'Re: Our project',
  markdown: 'Hello **Ada**,\n\n<script>x</script> [site](javascript:alert(1))',
  siteName: 'Acme AI',
  siteUrl: 'https://acme.example',
};

describe('renderReplyEmail', () => {
  it('renders the Markdown by the newsletter rules, signed with the site, no unsubscribe', () => {
    const mail = renderReplyEmail(input);
    expect(mail.html).toContain('<strong>Ada</strong>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.html).toContain('https://acme.example');
    expect(mail.html).not.toMatch(/unsubscribe/i);
    expect(mail.text).toContain('Hello Ada');
    expect(mail.text.endsWith('-- \nAcme AI: https://acme.example\n')).toBe(true);
  });

  it('forces one scheme for the preview', () => {
    expect(renderReplyEmail({ ...input, scheme: 'dark' }).html).toContain(
      'name="color-scheme" content="dark"',
    );
    expect(renderReplyEmail(input).html).toContain('content="light dark"');
  });
});

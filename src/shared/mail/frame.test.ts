import { expect, it } from 'vitest';
import { emailDocument, LOGO_SLOT, withMailLogo } from './frame';
import { LIGHT } from './theme';

const mail = emailDocument({
  title: 'Hi',
  scheme: 'auto',
  palette: LIGHT,
  body: '<p>Hi</p>',
  footer: 'Acme',
});

it('leaves one place for the logo above the card, which the mailer fills or empties', () => {
  expect(mail.split(LOGO_SLOT)).toHaveLength(2);
  expect(mail.indexOf(LOGO_SLOT)).toBeLessThan(mail.indexOf('<p>Hi</p>'));
  expect(withMailLogo(mail, null)).not.toContain(LOGO_SLOT);
  expect(withMailLogo(mail, null)).not.toContain('<img');
});

it('shows the logo 36 px high in its proportions, named by the site, its texts escaped', () => {
  const html = withMailLogo(mail, {
    src: 'https://harbor.example/uploads/logo-png-0123456789abcdef.png',
    width: 432,
    height: 108,
    alt: 'Harbor "Lane" & Co',
  });
  expect(html).not.toContain(LOGO_SLOT);
  const img = /<img [^>]*>/.exec(html)?.[0] ?? '';
  expect(img).toContain('src="https://harbor.example/uploads/logo-png-0123456789abcdef.png"');
  expect(img).toContain('width="144" height="36"');
  expect(img).toContain('alt="Harbor &quot;Lane&quot; &amp; Co"');
  expect(html.indexOf(img)).toBeLessThan(html.indexOf('<p>Hi</p>'));
});

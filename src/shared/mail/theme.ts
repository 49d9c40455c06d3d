/**
 * Colours and type of every mail of the site (the newsletter, its confirmation, invitations,
 * account notices). Every coloured element carries a role: its
 * colours are written inline from one palette (mail clients drop <style> in places), and the
 * role's class lets the dark-mode media query repaint it from the other palette. Forced
 * 'dark' writes the dark palette inline through the same table, so the admin's dark preview
 * is exactly what a client that honours prefers-color-scheme shows (Apple Mail, for one;
 * Gmail's and Outlook's apps recolour mail their own way, which no mail can control).
 */

export interface Palette {
  page: string;
  card: string;
  text: string;
  muted: string;
  link: string;
  border: string;
  codeBackground: string;
  buttonBackground: string;
  buttonText: string;
}

// Contrast (WCAG 2, the test checks 4.5:1 for each pair): text on card 14.7:1 light and
// 16.1:1 dark; muted on card or page 6.9:1 at least; links and button 7.9:1 light, 8.9:1
// dark. Links and buttons take the site's brand colour (indigo 700 and 300, as its pages).
export const LIGHT: Palette = {
  page: '#f4f4f5',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#4b5563',
  link: '#4338ca',
  border: '#d1d5db',
  codeBackground: '#f3f4f6',
  buttonBackground: '#4338ca',
  buttonText: '#ffffff',
};

export const DARK: Palette = {
  page: '#030712',
  card: '#111827',
  text: '#f3f4f6',
  muted: '#9ca3af',
  link: '#a5b4fc',
  border: '#4b5563',
  codeBackground: '#1f2937',
  buttonBackground: '#a5b4fc',
  buttonText: '#111827',
};

// Outlook on Windows uses only the first family of a stack (else Times New Roman): Segoe UI
// first. Short stacks, as they repeat on every heading and code element.
export const FONT = "'Segoe UI',Helvetica,Arial,sans-serif";
export const MONO = 'Menlo,Consolas,monospace';

/** Which colours each role takes from a palette. */
const ROLES = {
  page: (p: Palette) => ({ 'background-color': p.page }),
  card: (p: Palette) => ({ 'background-color': p.card, color: p.text }),
  muted: (p: Palette) => ({ color: p.muted }),
  link: (p: Palette) => ({ color: p.link }),
  quote: (p: Palette) => ({ color: p.muted, 'border-left-color': p.border }),
  code: (p: Palette) => ({ 'background-color': p.codeBackground, color: p.text }),
  rule: (p: Palette) => ({ 'border-top-color': p.border }),
  button: (p: Palette) => ({ 'background-color': p.buttonBackground }),
  buttonLink: (p: Palette) => ({ color: p.buttonText }),
} satisfies Record<string, (p: Palette) => Record<string, string>>;

export type Role = keyof typeof ROLES;

function declarations(properties: Record<string, string>, important = false): string {
  return Object.entries(properties)
    .map(([name, value]) => `${name}:${value}${important ? ' !important' : ''}`)
    .join(';');
}

/**
 * The class and inline style of an element: its layout first, then its role's colours. The
 * classes keep the `nl-` prefix they were born with in the newsletter: sent mails' markup
 * stays as it was.
 */
export function themed(
  role: Role | undefined,
  palette: Palette,
  layout: string,
): { class?: string; style: string } {
  if (!role) return { style: layout };
  const colours = declarations(ROLES[role](palette));
  return { class: `nl-${role}`, style: layout ? `${layout};${colours}` : colours };
}

/** The same as attributes for a template: ` class="nl-…" style="…"` (values need no escaping). */
export function themedAttributes(role: Role | undefined, palette: Palette, layout: string): string {
  const { class: className, style } = themed(role, palette, layout);
  return `${className ? ` class="${className}"` : ''} style="${style}"`;
}

/** The one <style> rule set of an 'auto' mail: the dark palette for dark-mode readers. */
export function darkModeCss(): string {
  const rules = Object.entries(ROLES).map(
    ([role, colours]) => `.nl-${role}{${declarations(colours(DARK), true)}}`,
  );
  return `:root{color-scheme:light dark;supported-color-schemes:light dark}@media (prefers-color-scheme: dark){${rules.join('')}}`;
}

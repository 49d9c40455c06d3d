/**
 * A field's text as one paste, after clearing it: for a test about what a form sends, not
 * about each keystroke. Typing a character at a time re-renders a large form per key in
 * jsdom (about 170 ms a key for the seller profile); a test about keystrokes types.
 */
import type { UserEvent } from '@testing-library/user-event';

export async function enterText(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.paste(text);
}

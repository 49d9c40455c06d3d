import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES } from '#shared/newsletter';
import { DraftForm, validateDraft, type DraftValues } from './draft-form';

afterEach(cleanup);

/** The form with its state held as the editor holds it. */
function renderForm(initial: DraftValues = { subject: 'Spring news', body: '# Hello' }) {
  const onSave = vi.fn();
  const onDelete = vi.fn();
  function Harness() {
    const [values, setValues] = useState(initial);
    const isDirty = values.subject !== initial.subject || values.body !== initial.body;
    return (
      <DraftForm
        values={values}
        onChange={setValues}
        isDirty={isDirty}
        isSaving={false}
        onSave={onSave}
        onDelete={onDelete}
      />
    );
  }
  render(<Harness />);
  return { onSave, onDelete, user: userEvent.setup() };
}

const subject = () => screen.getByRole('textbox', { name: 'Subject' });
const body = () => screen.getByRole('textbox', { name: 'Body (Markdown)' });
const save = () => screen.getByRole('button', { name: 'Save' });

/** The text of the elements that describe a field (its message and its note). */
function description(field: HTMLElement): string {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('validateDraft', () => {
  it('applies the shared rules: subject trimmed, 1-200; body 1-50,000', () => {
    expect(validateDraft({ subject: '  Hi  ', body: 'x' })).toEqual({
      ok: true,
      data: { subject: 'Hi', body: 'x' },
    });
    expect(validateDraft({ subject: '   ', body: '' })).toEqual({
      ok: false,
      errors: { subject: NEWSLETTER_MESSAGES.subject, body: NEWSLETTER_MESSAGES.body },
    });
    expect(
      validateDraft({
        subject: 's'.repeat(NEWSLETTER_LIMITS.subjectMax + 1),
        body: 'b'.repeat(NEWSLETTER_LIMITS.bodyMax + 1),
      }),
    ).toEqual({
      ok: false,
      errors: { subject: NEWSLETTER_MESSAGES.subject, body: NEWSLETTER_MESSAGES.body },
    });
    expect(validateDraft({ subject: 's'.repeat(200), body: 'b'.repeat(50_000) }).ok).toBe(true);
  });
});

describe('DraftForm', () => {
  it('shows a message as soon as a field becomes invalid, tied to the field, and clears it', async () => {
    const { user } = renderForm();
    expect(subject()).not.toHaveAttribute('aria-invalid');
    await user.clear(subject());
    expect(subject()).toHaveAttribute('aria-invalid', 'true');
    expect(description(subject())).toContain(NEWSLETTER_MESSAGES.subject);
    await user.type(subject(), 'A');
    expect(subject()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(NEWSLETTER_MESSAGES.subject)).toBeNull();
  });

  it('refuses to save an invalid draft and puts the cursor in the first bad field', async () => {
    const { onSave, user } = renderForm();
    await user.clear(body());
    await user.click(save());
    expect(onSave).not.toHaveBeenCalled();
    expect(description(body())).toContain(NEWSLETTER_MESSAGES.body);
    expect(document.activeElement).toBe(body());
  });

  it('says whether there are unsaved changes, and saves the parsed values', async () => {
    const { onSave, user } = renderForm();
    expect(screen.getByText('All changes saved')).toBeVisible();
    await user.type(subject(), '  ');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(save());
    expect(onSave).toHaveBeenCalledWith({ subject: 'Spring news', body: '# Hello' });
  });

  it('counts the body characters in the field description', async () => {
    const { user } = renderForm();
    expect(description(body())).toContain('7 of 50,000 characters');
    await user.type(body(), '!');
    expect(description(body())).toContain('8 of 50,000 characters');
  });

  it('asks the page to delete', async () => {
    const { onDelete, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});

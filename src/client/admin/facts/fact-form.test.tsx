import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '#shared/messages';
import { FactForm, dateInputValue, validateFact } from './fact-form';

afterEach(cleanup);

function renderForm(props: Partial<Parameters<typeof FactForm>[0]> = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(<FactForm isSaving={false} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { onSubmit, onCancel, user: userEvent.setup() };
}

const factText = () => screen.getByRole('textbox', { name: 'Fact Text' });
const source = () => screen.getByRole('textbox', { name: 'Source' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('FactForm validation', () => {
  it('shows both spec messages on an empty submit, moves focus to the first, and does not save', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(save());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(MESSAGES.factText)).toBeVisible();
    expect(screen.getByText(MESSAGES.source)).toBeVisible();
    expect(factText().getAttribute('aria-invalid')).toBe('true');
    expect(source().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(factText());
  });

  it('ties each message to its field for screen readers', async () => {
    const { user } = renderForm();
    await user.click(save());
    const describedBy = (el: HTMLElement) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(describedBy(factText())).toContain(MESSAGES.factText);
    expect(describedBy(source())).toContain(MESSAGES.source);
  });

  it('counts characters after trimming: 4 letters in spaces is too short, 5 is enough', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(factText(), '   abcd   ');
    await user.type(source(), ' x ');
    await user.click(save());
    expect(screen.getByText(MESSAGES.factText)).toBeVisible();
    expect(screen.getByText(MESSAGES.source)).toBeVisible();
    await user.type(source(), 'y');
    // After a refused submit, messages follow the typing.
    expect(screen.queryByText(MESSAGES.source)).toBeNull();
    expect(screen.queryByText(MESSAGES.factText)).toBeVisible();
    await user.clear(factText());
    await user.type(factText(), 'abcde');
    expect(screen.queryByText(MESSAGES.factText)).toBeNull();
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith({
      factText: 'abcde',
      source: 'x y',
      active: true,
      factDate: '',
    });
  });

  it('focuses the source field when only the source is wrong', async () => {
    const { user } = renderForm();
    await user.type(factText(), 'A valid fact');
    await user.type(source(), 'a');
    await user.click(save());
    expect(screen.queryByText(MESSAGES.factText)).toBeNull();
    expect(screen.getByText(MESSAGES.source)).toBeVisible();
    expect(document.activeElement).toBe(source());
  });

  it('refuses a fact text longer than 1000 characters', () => {
    const result = validateFact({
      factText: 'x'.repeat(1001),
      source: 'Some source',
      active: true,
      factDate: '',
    });
    expect(result).toEqual({ ok: false, errors: { factText: MESSAGES.factTextMax } });
  });

  it('submits the active switch and the date as chosen', async () => {
    const { onSubmit, user } = renderForm({
      initialValues: {
        factText: 'Existing fact',
        source: 'Paper',
        active: true,
        factDate: '2024-03-05',
      },
    });
    const active = screen.getByRole('switch', { name: 'Display this fact on the website' });
    expect((active as HTMLInputElement).checked).toBe(true);
    await user.click(active);
    expect((active as HTMLInputElement).checked).toBe(false);
    const date = screen.getByLabelText('Date (optional)');
    expect((date as HTMLInputElement).value).toBe('2024-03-05');
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith({
      factText: 'Existing fact',
      source: 'Paper',
      active: false,
      factDate: '2024-03-05',
    });
  });

  it('shows "Saving..." while saving and cancels without saving', async () => {
    const { onCancel, onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    cleanup();
    renderForm({ isSaving: true });
    expect(screen.getByRole('button', { name: /Saving\.\.\./ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('dateInputValue', () => {
  it('turns a stored ISO date into the date input value, and nothing into empty', () => {
    expect(dateInputValue('2024-03-05T00:00:00.000Z')).toBe('2024-03-05');
    expect(dateInputValue(null)).toBe('');
    expect(dateInputValue('not a date')).toBe('');
  });
});

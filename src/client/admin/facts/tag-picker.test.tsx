import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tag } from '#shared/shapes/facts';
import { TagPicker } from './tag-picker';

afterEach(cleanup);

const tag = (id: number, name: string): Tag => ({ id, name, createdAt: '2026-01-01T00:00:00Z' });
const ml = tag(1, 'Machine Learning');
const history = tag(2, 'History');

function Harness({
  initial = [],
  onCreate = vi.fn(async () => {}),
}: {
  initial?: Tag[];
  onCreate?: (name: string) => Promise<void>;
}) {
  const [selected, setSelected] = useState<Tag[]>(initial);
  return (
    <form onSubmit={(e) => e.preventDefault()} data-testid="form">
      <TagPicker
        selected={selected}
        allTags={[history, ml]}
        onAdd={(t) => setSelected((s) => [...s, t])}
        onRemove={(t) => setSelected((s) => s.filter((x) => x.id !== t.id))}
        onCreate={onCreate}
      />
    </form>
  );
}

const newTag = () => screen.getByRole('textbox', { name: 'New tag' });
const addButton = () => screen.getByRole('button', { name: 'Add' });

describe('TagPicker', () => {
  it('says "No tags added yet" and keeps Add disabled until a non-blank name is typed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('No tags added yet')).toBeVisible();
    expect(addButton().hasAttribute('disabled')).toBe(true);
    await user.type(newTag(), '   ');
    expect(addButton().hasAttribute('disabled')).toBe(true);
    await user.type(newTag(), 'x');
    expect(addButton().hasAttribute('disabled')).toBe(false);
  });

  it('creates a new tag with the trimmed name on Enter, without submitting the form', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async () => {});
    const submit = vi.fn();
    render(<Harness onCreate={onCreate} />);
    screen.getByTestId('form').addEventListener('submit', submit);
    await user.type(newTag(), '  Robotics  {Enter}');
    expect(onCreate).toHaveBeenCalledWith('Robotics');
    expect(submit).not.toHaveBeenCalled();
    expect((newTag() as HTMLInputElement).value).toBe('');
  });

  it('keeps the typed name when creating fails', async () => {
    const user = userEvent.setup();
    render(<Harness onCreate={() => Promise.reject(new Error('409'))} />);
    await user.type(newTag(), 'Robotics');
    await user.click(addButton());
    expect((newTag() as HTMLInputElement).value).toBe('Robotics');
  });

  it('picks an existing tag by name in any case instead of creating it again', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async () => {});
    render(<Harness onCreate={onCreate} />);
    await user.type(newTag(), 'history{Enter}');
    expect(onCreate).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Remove tag History' })).toBeVisible();
  });

  it('never selects a tag twice', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn(async () => {});
    render(<Harness initial={[ml]} onCreate={onCreate} />);
    expect(screen.queryByRole('button', { name: 'Add tag Machine Learning' })).toBeNull();
    await user.type(newTag(), 'machine learning{Enter}');
    expect(onCreate).not.toHaveBeenCalled();
    expect(screen.getAllByRole('button', { name: 'Remove tag Machine Learning' })).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('already added');
  });

  it('selects existing tags by click and removes selected ones, keeping focus in the section', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add tag History' }));
    expect(screen.getByRole('button', { name: 'Remove tag History' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add tag History' })).toBeNull();
    expect(document.activeElement).toBe(newTag());
    await user.click(screen.getByRole('button', { name: 'Remove tag History' }));
    expect(screen.getByText('No tags added yet')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add tag History' })).toBeVisible();
  });
});

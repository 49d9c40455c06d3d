/**
 * An island's ready signal (docs/testing.md, "Waiting on a part's code"): `codeLoaded(id)`
 * settles when the island's own load does, so a test waits on the code, not on a clock.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { codeLoaded, recordedLoad } from './code-loads';
import { createIsland } from './island';

afterEach(cleanup);

/** A load held until the test lets it go, as a slow machine's `import()` would be. */
function heldLoad(name: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const load = async () => {
    await held;
    return { default: () => <p>{name} drawn</p> };
  };
  return { load, release: () => release() };
}

/** Whether the promise has settled once everything already queued has run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await act(async () => {});
  return done;
}

describe("an island's ready signal", () => {
  it('resolves once its code has come, and the island is drawn when it does', async () => {
    const { load, release } = heldLoad('slow-island');
    const Island = createIsland('slow-island', load, { fallback: <p>waiting</p> });
    render(<Island />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    // Held: nothing can have come yet, however long a test would have waited.
    expect(await settled(codeLoaded('slow-island'))).toBe(false);
    release();
    await act(() => codeLoaded('slow-island'));
    expect(screen.getByText('slow-island drawn')).toBeInTheDocument();
    // Asked again once loaded, it answers at once.
    expect(await settled(codeLoaded('slow-island'))).toBe(true);
  });

  it('rejects with the load when the code fails to come', async () => {
    const load = recordedLoad('failing-part', () => Promise.reject(new Error('chunk missing')));
    await expect(load()).rejects.toThrow('chunk missing');
    await expect(codeLoaded('failing-part')).rejects.toThrow('chunk missing');
  });
});

/**
 * How long a test waits for a state before it fails (docs/testing.md, "Waiting for a state").
 * A passing wait ends at its first successful poll, so the bound costs a passing run nothing;
 * it only has to hold on a machine twice as slow as the developer's with other work beside the
 * suite. The libraries' own defaults (1 s for `vi.waitFor` and `expect.poll`) did not: a
 * render or a background write has taken longer than a second on a busy 2-core machine.
 */
export const WAIT_BOUND_MS = 10_000;

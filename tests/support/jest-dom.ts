// DOM matchers for the component tests (toBeVisible, toBeDisabled, toHaveAccessibleDescription…).
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { WAIT_BOUND_MS } from './wait-bound';

// findBy… and waitFor poll until the suite's bound (wait-bound.ts; 1 s by default). A browser
// file runs beside the component tests (docs/testing.md), and on a busy 2-core machine a render
// after a click has taken longer than a second; a passing test ends at its first good poll.
configure({ asyncUtilTimeout: WAIT_BOUND_MS });

// The router scrolls on navigation; jsdom has no layout and only logs "not implemented".
window.scrollTo = () => {};

// The client files share one document (isolate: false, vite.config.ts): whatever a test wrote
// into the body, by hand or left by a render, is gone before the next test, so no file's
// queries find another's elements (docs/testing.md).
afterEach(() => {
  document.body.innerHTML = '';
});

// DOM matchers for the component tests (toBeVisible, toBeDisabled, toHaveAccessibleDescription…).
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor poll until this long (1 s by default). A browser file runs beside the
// component tests (docs/testing.md), and on a busy 2-core machine a render after a click has
// taken longer than a second; a passing test still ends at its first successful poll.
configure({ asyncUtilTimeout: 5_000 });

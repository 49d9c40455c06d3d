// DOM matchers for the component tests (toBeVisible, toBeDisabled, toHaveAccessibleDescription…).
import '@testing-library/jest-dom/vitest';

import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHeroOutline } from './use-hero-outline';

describe('useHeroOutline', () => {
  // One list object for every query, as the app caches them; tests flip `matches`.
  const media = { matches: false, addEventListener() {}, removeEventListener() {} };
  beforeEach(() => {
    vi.useFakeTimers();
    media.matches = false;
    vi.stubGlobal('matchMedia', () => media);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is off, turns on after 1 s and off again 2 s later, once', () => {
    const { result } = renderHook(() => useHeroOutline());
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(false);
  });

  it('never runs under reduced motion', () => {
    media.matches = true;
    const { result } = renderHook(() => useHeroOutline());
    act(() => vi.advanceTimersByTime(1500));
    expect(result.current).toBe(false);
  });
});

import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandJson } from '#shared/page-data';

/** The module afresh: it reads the page once and keeps what it read. */
async function freshModule(pageJson: string | null) {
  document.head.innerHTML =
    pageJson === null ? '' : `<script type="application/json" id="site-brand">${pageJson}</script>`;
  vi.resetModules();
  return import('./site-brand');
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the router app’s brand', () => {
  it('is what the server wrote into the page', async () => {
    const { siteBrand } = await freshModule('{"name":"Zed \\u003cLabs\\u003e","shortName":"Zed"}');
    expect(siteBrand()).toEqual({ name: 'Zed <Labs>', shortName: 'Zed' });
  });

  it('falls back to the built-in defaults without the element or with broken JSON', async () => {
    for (const json of [null, '{', '{"name":1,"shortName":"x"}']) {
      const { siteBrand } = await freshModule(json);
      expect(siteBrand()).toEqual({ name: 'Acme AI Engineering', shortName: 'Acme AI' });
    }
  });

  it('follows a save at once: components using it render the new name', async () => {
    const { setSiteBrand, useSiteBrand } = await freshModule(null);
    const { result } = renderHook(() => useSiteBrand());
    expect(result.current.name).toBe('Acme AI Engineering');
    act(() => setSiteBrand({ name: 'Zephyr Data Works', shortName: 'Zephyr' }));
    expect(result.current).toEqual({ name: 'Zephyr Data Works', shortName: 'Zephyr' });
    expect(brandJson({ name: '</script>', shortName: 'x' })).toBe(
      '{"name":"\\u003c/script>","shortName":"x"}',
    );
  });
});

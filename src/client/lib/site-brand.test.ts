import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandJson, frameJson, siteFrameOf } from '#shared/page-data';
import { defaultSiteContent } from '#shared/site-content-defaults';

/** The module afresh: it reads the page once and keeps what it read. */
async function freshModule(pageJson: string | null, frame = '') {
  document.head.innerHTML =
    (pageJson === null
      ? ''
      : `<script type="application/json" id="site-brand">${pageJson}</script>`) + frame;
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

  it('carries the uploaded logo the page knows, and follows an upload and a removal', async () => {
    const logo = { src: '/uploads/logo-svg-0123456789abcdef.svg', width: 200, height: 50 };
    const frame = `<script type="application/json" id="site-frame">${frameJson(
      siteFrameOf({ ...defaultSiteContent, media: { logo: { ...logo, png: '/uploads/x.png' } } }),
    )}</script>`;
    const { setSiteBrand, setSiteLogo, useSiteBrand } = await freshModule(
      '{"name":"Zed Labs","shortName":"Zed"}',
      frame,
    );
    const { result } = renderHook(() => useSiteBrand());
    expect(result.current).toEqual({ name: 'Zed Labs', shortName: 'Zed', image: logo });
    // A save of the words keeps the logo.
    act(() => setSiteBrand({ name: 'Zephyr Data Works', shortName: 'Zephyr' }));
    expect(result.current.image).toEqual(logo);
    const next = { src: '/uploads/logo-png-fedcba9876543210.png', width: 432, height: 108 };
    act(() => setSiteLogo(next));
    expect(result.current).toEqual({ name: 'Zephyr Data Works', shortName: 'Zephyr', image: next });
    act(() => setSiteLogo(undefined));
    expect(result.current).toEqual({ name: 'Zephyr Data Works', shortName: 'Zephyr' });
  });
});

// Runs in <head> before the first paint (the build inlines it; the server allows it by hash).
// 1. Applies the stored theme (keys as in src/client/lib/theme.ts) so no wrong theme flashes.
// 2. index.html holds the prerendered home page; on any other path it stays hidden until the
//    app has rendered that path (src/client/main.tsx removes the class).
(() => {
  const root = document.documentElement;
  let preference = 'system';
  for (const key of ['acme-ai-theme', 'ui-theme']) {
    try {
      const value = window.localStorage.getItem(key);
      if (value === 'system' || value === 'light' || value === 'dark') {
        preference = value;
        break;
      }
    } catch {
      break;
    }
  }
  // The admin area has no dark styles yet (setLightOnly in src/client/lib/use-theme.ts).
  const admin = window.location.pathname.startsWith('/admin');
  const dark =
    !admin &&
    (preference === 'dark' ||
      (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches));
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  if (window.location.pathname !== '/') root.classList.add('route-pending');
})();

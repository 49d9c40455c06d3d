// Runs in <head> before the first paint (the build inlines it; the server allows it by hash).
// It applies the stored theme (keys as in src/client/lib/theme.ts) so no wrong theme flashes,
// on the home page (index.html) and in the admin area (app.html) alike.
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
  const dark =
    preference === 'dark' ||
    (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();

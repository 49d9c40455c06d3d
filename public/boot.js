// Runs in <head> before the first paint (a file, not inline, so the CSP needs no hash).
// 1. Applies the stored theme (keys as in src/client/lib/theme.ts) so no wrong theme flashes.
// 2. index.html holds the prerendered home page; on any other path it stays hidden until the
//    app has rendered that path (src/client/main.tsx removes the class).
(function () {
  var root = document.documentElement;
  var preference = 'system';
  var keys = ['acme-ai-theme', 'ui-theme'];
  for (var i = 0; i < keys.length; i++) {
    try {
      var value = window.localStorage.getItem(keys[i]);
      if (value === 'system' || value === 'light' || value === 'dark') {
        preference = value;
        break;
      }
    } catch (e) {
      break;
    }
  }
  // The admin area has no dark styles yet (setLightOnly in src/client/lib/use-theme.ts).
  var admin = window.location.pathname.indexOf('/admin') === 0;
  var dark =
    !admin &&
    (preference === 'dark' ||
      (preference === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches));
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  if (window.location.pathname !== '/') root.classList.add('route-pending');
})();

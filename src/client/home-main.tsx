import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { installBeacon } from './home/analytics-beacon';
import { HomeApp } from './home/home-app';
import { PRERENDERED_ATTRIBUTE } from './lib/prerender-marker';
import './styles.css';

/** Entry of index.html, the home page. Admin pages and unknown paths use main.tsx. */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

if (rootElement.hasAttribute(PRERENDERED_ATTRIBUTE)) {
  // As a transition, hydration works in small slices and leaves the main thread free in
  // between (a plain hydrateRoot is one long, blocking task).
  startTransition(() => {
    hydrateRoot(rootElement, <HomeApp />);
  });
} else {
  // The dev server serves index.html as it is, without the prerendered markup.
  createRoot(rootElement).render(<HomeApp />);
}

// Counted only here, in the browser: the build's prerender renders HomeApp, never this entry.
installBeacon();

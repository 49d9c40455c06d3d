import { PublicNotFoundPage } from '#client/home/not-found-app';
import { frameContent } from '#client/lib/frame-content';

/**
 * The not-found page outside the admin area when the router app shows it (a link followed
 * inside the app), in the public header and footer with the saved brand (the parts the server
 * wrote into app.html). Loaded only when such a page is shown: the frame and the default
 * content it falls back to stayed out of the admin's first load (docs/performance.md, "The
 * sign-in page's first load"). A page loaded at an unknown address is the server's own
 * rendering of the same components (client/home/not-found-app.tsx).
 */
export default function PublicNotFound() {
  return <PublicNotFoundPage content={frameContent()} />;
}

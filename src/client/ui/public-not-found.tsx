import { PublicLayout } from '#client/home/public-layout';
import { SiteContentProvider } from '#client/home/site-content-context';
import { frameContent } from '#client/lib/frame-content';
import { NotFoundPage } from './not-found-page';

/**
 * The not-found page outside the admin area, in the public header and footer with the saved
 * brand (the parts the server wrote into app.html). Loaded only when such a page is shown:
 * the frame and the default content it falls back to stayed out of the admin's first load
 * (docs/performance.md, "The sign-in page's first load").
 */
export default function PublicNotFound() {
  return (
    <SiteContentProvider content={frameContent()}>
      <PublicLayout onHome={false}>
        <NotFoundPage />
      </PublicLayout>
    </SiteContentProvider>
  );
}

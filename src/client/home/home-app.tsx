import { StrictMode } from 'react';
import { listsOnHome } from '#shared/entry-paths';
import type { SiteContent } from '#shared/site-content';
import { useReadyMark } from '#client/lib/use-ready-mark';
import { Toaster } from '#client/ui/toaster';
import { AssistantLauncher } from './assistant-launcher';
import { HomePage } from './home-page';
import { PublicLayout } from './public-layout';
import { SiteContentProvider } from './site-content-context';

/**
 * The whole home page, the same for the browser and the server's prerender, with the site's
 * content as data (and the proof sections' HTML the server wrote, docs/content.md). It has no router: nothing on it navigates inside the app, so it cannot move
 * a visitor who scrolled before hydration, and it never loads admin code. `assistant`: the
 * site assistant is on, and "Ask a question" floats beside the sections (docs/assistant.md).
 */
export function HomeApp({
  content,
  proof,
  assistant = false,
}: {
  content: SiteContent;
  proof?: string | undefined;
  assistant?: boolean;
}) {
  useReadyMark();
  return (
    <StrictMode>
      <SiteContentProvider content={content}>
        {/* The lists whose section the proof holds, read from it: the same on both sides. */}
        <PublicLayout onHome lists={listsOnHome(proof)}>
          <HomePage proof={proof} />
        </PublicLayout>
        {assistant ? <AssistantLauncher /> : null}
        <Toaster />
      </SiteContentProvider>
    </StrictMode>
  );
}

import { StrictMode } from 'react';
import { useReadyMark } from '../lib/use-ready-mark';
import { Toaster } from '../ui/toaster';
import { HomePage } from './home-page';
import { PublicLayout } from './public-layout';

/**
 * The whole home page, the same for the browser and the build-time prerender. It has no
 * router: nothing on it navigates inside the app, so it cannot move a visitor who scrolled
 * before hydration, and it never loads admin code.
 */
export function HomeApp() {
  useReadyMark();
  return (
    <StrictMode>
      <PublicLayout onHome>
        <HomePage />
      </PublicLayout>
      <Toaster />
    </StrictMode>
  );
}

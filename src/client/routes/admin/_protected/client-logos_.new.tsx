import { createFileRoute } from '@tanstack/react-router';
import { NewLogoPage } from '#client/admin/proof/logo-page';

/** A logo not yet saved: created as a draft by its first Save, its image uploaded after. */
export const Route = createFileRoute('/admin/_protected/client-logos_/new')({
  pendingComponent: NewLogoPage,
  component: NewLogoPage,
});

import { createFileRoute } from '@tanstack/react-router';
import { ContentPage } from '#client/admin/content/content-page';
import { loadForScreen } from '#client/admin/shell/route-loader';

export const Route = createFileRoute('/admin/_protected/content')({
  loader: ({ context }) =>
    loadForScreen(context, (utils) => [
      utils.content.get.ensureData(),
      utils.content.versions.ensureData({ page: 1 }),
      utils.media.list.ensureData(),
      // The site assistant's switch shows only with AI set up, and is read only then.
      utils.ai.usage
        .ensureData()
        .then((usage) => (usage.enabled ? utils.assistant.settings.ensureData() : undefined)),
    ]),
  pendingComponent: ContentPage,
  component: ContentPage,
});

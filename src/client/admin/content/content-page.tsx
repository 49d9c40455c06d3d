import { useEffect } from 'react';
import { setSiteBrand } from '#client/lib/site-brand';
import { trpc } from '#client/lib/trpc';
import { Card } from '../ui/controls';
import { formatDateTime } from '../ui/date-time';
import { QueryState } from '../ui/query-state';
import { useDocumentTitle } from '../ui/use-document-title';
import { AssistantSection } from './assistant-card';
import { ContentEditor } from './content-editor';
import { ContentHistory } from './content-history';
import { ContentSections } from './content-sections';
import { MediaCard } from './media-card';
import { SiteSettingsCard } from './site-settings-card';

/**
 * The Content screen (docs/content.md): the site's words, a live preview, the images
 * (uploaded at once, apart from the words' Save), the address and time zone (their own Save),
 * the site assistant's switch (with AI set up only) and the history.
 */
export function ContentPage() {
  useDocumentTitle('Content');
  const current = trpc.content.get.useQuery();
  const media = trpc.media.list.useQuery();
  const site = trpc.siteSettings.get.useQuery();
  const company = current.data?.content.company;
  // The admin's header names the site as saved: after a save, a restore or a reload.
  useEffect(() => {
    if (company) setSiteBrand(company);
  }, [company]);
  return (
    <div className="flex flex-col gap-6">
      <ContentSections />
      <Card>
        <div className="mb-6 flex flex-col gap-1">
          <h1 className="text-2xl font-bold text-ink">Content</h1>
          <p className="text-sm text-muted">
            {current.data?.updatedAt ? (
              <>
                Version {current.data.version}, saved{' '}
                <time dateTime={current.data.updatedAt}>
                  {formatDateTime(current.data.updatedAt)}
                </time>
                {current.data.updatedBy ? ` by ${current.data.updatedBy}` : ''}.
              </>
            ) : (
              'Nothing saved yet: these are the starting texts. Make them yours and save.'
            )}
          </p>
        </div>
        <QueryState query={current} pending="Loading content..." error="Error loading the content">
          {(data) => (
            // Keyed by version: after a save, a restore or a reload the form starts from it.
            <ContentEditor
              key={data.version}
              content={data.content}
              version={data.version}
              media={media.data}
            />
          )}
        </QueryState>
      </Card>
      <Card labelledBy="media-title">
        <QueryState query={media} pending="Loading images..." error="Error loading the images">
          {(data) => <MediaCard media={data} contentVersion={current.data?.version} />}
        </QueryState>
      </Card>
      <Card labelledBy="site-settings-title">
        <QueryState
          query={site}
          pending="Loading the address and time zone..."
          error="Error loading the address and time zone"
        >
          {(data) => <SiteSettingsCard settings={data.settings} />}
        </QueryState>
      </Card>
      <AssistantSection />
      <Card>
        <ContentHistory current={current.data?.version ?? 0} />
      </Card>
    </div>
  );
}

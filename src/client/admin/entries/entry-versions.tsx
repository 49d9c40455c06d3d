import type { EntryVersion } from '#shared/shapes/entries';
import { DateTime } from '../ui/date-time';

/** Who saved each version and when, newest first (the texts are kept on the server). */
export function EntryVersions({ versions }: { versions: EntryVersion[] }) {
  return (
    <section aria-labelledby="entry-versions-title" className="flex flex-col gap-3">
      <h2 id="entry-versions-title" className="text-xl font-semibold text-ink">
        Versions
      </h2>
      {versions.length === 0 ? (
        <p className="text-sm text-muted">None yet: the first save makes version 1.</p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm text-ink">
          {versions.map((version) => (
            <li key={version.version}>
              Version {version.version}, <DateTime iso={version.at} /> by {version.by}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

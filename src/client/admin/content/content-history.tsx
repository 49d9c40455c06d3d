import { useState } from 'react';
import type { ContentVersion } from '#shared/shapes/content';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/controls';
import { errorMessage, isConflict } from '../ui/errors';
import { DateTime } from '../ui/date-time';
import { QueryState } from '../ui/query-state';

/**
 * Every saved version, newest first (50 a page: the first page here), each restorable. Both
 * restores carry the version the screen shows (`current`); when another administrator saved
 * meanwhile the server refuses (409), the screen says so and loads their version.
 */
export function ContentHistory({ current }: { current: number }) {
  const versions = trpc.content.versions.useQuery({ page: 1 });
  const utils = trpc.useUtils();
  const restore = trpc.content.restore.useMutation({
    onSuccess: ({ version }) => {
      toast({ title: 'Version restored', description: `It is now version ${version}.` });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: isConflict(error)
          ? 'Another administrator saved the content meanwhile. Their version is loaded now; look at it before restoring an older one.'
          : `Failed to restore: ${errorMessage(error)}`,
        variant: 'destructive',
      }),
    onSettled: () => {
      setAsking(null);
      void utils.content.invalidate();
    },
  });
  const [asking, setAsking] = useState<number | null>(null);

  return (
    <section aria-labelledby="content-history-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="content-history-title" className="text-lg font-semibold text-ink">
          History
        </h2>
        <RestoreDefaults current={current} />
      </div>
      <QueryState
        query={versions}
        pending="Loading versions..."
        error="Error loading versions"
        empty={(data) =>
          data.versions.length === 0 && 'Nothing saved yet: the site shows the starting texts.'
        }
      >
        {(data) => (
          <VersionTable versions={data.versions} current={current} onRestore={setAsking} />
        )}
      </QueryState>
      <ConfirmDialog
        isOpen={asking !== null}
        title="Restore this version?"
        question={`The site will show version ${asking ?? ''} again, saved as a new version. Unsaved changes in the form are lost.`}
        confirmLabel="Restore"
        pendingLabel="Restoring..."
        isPending={restore.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking !== null && restore.mutate({ version: asking, baseVersion: current })
        }
      />
    </section>
  );
}

/** The saved versions, the live one marked, each other one with Restore. */
function VersionTable({
  versions,
  current,
  onRestore,
}: {
  versions: ContentVersion[];
  current: number;
  onRestore: (version: number) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Version
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Saved
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              By
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {versions.map((v) => (
            <tr key={v.version} className="border-t border-line text-ink">
              <td className="py-2 pr-4">
                {v.version}
                {v.version === current ? <span className="text-muted"> (live)</span> : null}
              </td>
              <td className="py-2 pr-4">
                <DateTime iso={v.updatedAt} />
              </td>
              <td className="py-2 pr-4">{v.updatedBy ?? 'unknown'}</td>
              <td className="py-2 text-right">
                {v.version === current ? null : (
                  <Button
                    variant="secondary"
                    onPress={() => onRestore(v.version)}
                    aria-label={`Restore version ${v.version}`}
                  >
                    Restore
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Restore defaults": the starting texts saved as a new version, asked first. */
function RestoreDefaults({ current }: { current: number }) {
  const utils = trpc.useUtils();
  const [askingDefaults, setAskingDefaults] = useState(false);
  const restoreDefaults = trpc.content.restoreDefaults.useMutation({
    onSuccess: ({ version }) => {
      toast({
        title: 'Defaults restored',
        description: `The starting texts are now version ${version}.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: isConflict(error)
          ? 'Another administrator saved the content meanwhile. Their version is loaded now; look at it before starting over.'
          : `Failed to restore the defaults: ${errorMessage(error)}`,
        variant: 'destructive',
      }),
    onSettled: () => {
      setAskingDefaults(false);
      void utils.content.invalidate();
    },
  });

  return (
    <>
      {current > 0 ? (
        <Button variant="secondary" onPress={() => setAskingDefaults(true)}>
          Restore defaults
        </Button>
      ) : null}
      <ConfirmDialog
        isOpen={askingDefaults}
        title="Restore the defaults?"
        question="The site will show the starting texts again (the placeholder name, contact details, privacy policy and terms of service), saved as a new version. The versions above stay in the history. Unsaved changes in the form are lost."
        confirmLabel="Restore defaults"
        pendingLabel="Restoring..."
        isPending={restoreDefaults.isPending}
        onCancel={() => setAskingDefaults(false)}
        onConfirm={() => restoreDefaults.mutate({ baseVersion: current })}
      />
    </>
  );
}

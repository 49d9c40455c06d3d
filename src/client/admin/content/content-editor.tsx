import { useBlocker } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import type { SiteContent } from '#shared/site-content';
import type { SiteMedia } from '#shared/shapes/media';
import { trpc } from '#client/lib/trpc';
import { prefersReducedMotion } from '#client/lib/reduced-motion';
import { toast } from '#client/ui/toast';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/controls';
import { errorMessage, isConflict } from '../ui/errors';
import { ContentForm } from './content-form';
import { ContentPreview } from './content-preview';
import { checkContent } from './content-values';

/**
 * The form, its live preview and Save. A save carries the version the form started from;
 * when another administrator saved meanwhile the server refuses it (409) and the screen offers
 * to load their version.
 */
export function ContentEditor({
  content,
  version,
  media,
}: {
  content: SiteContent;
  version: number;
  /** The images as uploaded now (they change apart from the words: media-card.tsx). */
  media?: SiteMedia | undefined;
}) {
  const [values, setValues] = useState<SiteContent>(content);
  const [stale, setStale] = useState(false);
  const utils = trpc.useUtils();
  const save = trpc.content.save.useMutation();
  const check = checkContent(values);
  const preview = useRef<HTMLDivElement>(null);
  // Below the form on a narrow screen: one press from the top brings it into view.
  const showPreview = () => {
    const region = preview.current;
    if (!region) return;
    region.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    region.focus({ preventScroll: true });
  };
  const isDirty = values !== content;
  const leaving = useBlocker({
    shouldBlockFn: () => true,
    disabled: !isDirty,
    enableBeforeUnload: () => isDirty,
    withResolver: true,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!check.ok) {
      // The first field with a message takes the cursor.
      document.querySelector<HTMLElement>('#content-form [aria-invalid="true"]')?.focus();
      return;
    }
    save.mutate(
      { content: check.content, baseVersion: version },
      {
        onSuccess: ({ version: saved }) => {
          toast({
            title: 'Content saved',
            description: `Version ${saved}: the public pages show it within 2 seconds.`,
          });
          // The page reads the new version, and the editor starts again from it.
          void utils.content.invalidate();
        },
        onError: (error) => {
          if (isConflict(error)) setStale(true);
          else {
            toast({
              title: 'Error',
              description: `Failed to save the content: ${errorMessage(error)}`,
              variant: 'destructive',
            });
          }
        },
      },
    );
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      {/* Beside the form from xl up; below it on narrower screens, reached from here. */}
      <div className="xl:hidden">
        <Button variant="secondary" onPress={showPreview}>
          Preview
        </Button>
      </div>
      <form
        id="content-form"
        onSubmit={submit}
        aria-label="Site content"
        noValidate
        className="min-w-0"
      >
        <ContentForm values={values} errors={check.errors} onChange={setValues} media={media}>
          {stale ? (
            <div
              role="alert"
              className="flex flex-col items-start gap-3 rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
            >
              <p>
                Another administrator saved the content after you opened it, so your changes were
                not saved. Reload their version to continue from it (your changes here will be
                replaced).
              </p>
              <Button variant="secondary" onPress={() => void utils.content.invalidate()}>
                Reload their version
              </Button>
            </div>
          ) : null}
          <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-surface py-3">
            <p className="text-sm text-muted" aria-live="polite">
              {!check.ok
                ? 'Some fields need attention'
                : isDirty
                  ? 'Unsaved changes'
                  : 'All changes saved'}
            </p>
            <Button type="submit" isPending={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </ContentForm>
      </form>
      <div className="min-w-0 xl:sticky xl:top-4 xl:self-start">
        <ContentPreview content={media ? { ...values, media } : values} regionRef={preview} />
      </div>
      <ConfirmDialog
        isOpen={leaving.status === 'blocked'}
        title="Leave without saving?"
        question="Your changes to the site's content are not saved. If you leave now, they are lost."
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        isPending={false}
        onCancel={() => leaving.reset?.()}
        onConfirm={() => leaving.proceed?.()}
      />
    </div>
  );
}

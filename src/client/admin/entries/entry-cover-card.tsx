import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Entry } from '#shared/shapes/entries';
import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES } from '#shared/site-image';
import { trpc } from '#client/lib/trpc';
import { toast } from '#client/ui/toast';
import { uploadImage } from '../content/media-upload';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage } from '../ui/errors';

const ACCEPTED = 'image/png,image/jpeg,image/webp,image/avif,image/svg+xml';

/**
 * The entry's cover (docs/admin-guide.md, "Case studies and insights"): the page's picture and
 * its sharing image, uploaded at once with its description (POST /api/entries/:id/cover), apart
 * from the text's Save; it makes no version.
 */
export function EntryCoverCard({ entry }: { entry: Entry }) {
  const inputId = useId();
  const [alt, setAlt] = useState(entry.coverImage?.alt ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const shown = (next: Entry) => {
    utils.entries.get.setData({ id: next.id }, (old) => (old ? { ...old, entry: next } : old));
    void utils.entries.list.invalidate();
    setRefusal(null);
  };
  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadImage<Entry>(`/api/entries/${entry.id}/cover`, 'entry', file, { alt }),
    onSuccess: (next) => {
      shown(next);
      toast({ title: 'Cover uploaded' });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  const remove = trpc.entryCovers.remove.useMutation({
    onSuccess: ({ entry: next }) => {
      shown(next);
      toast({ title: 'Cover removed' });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  const cover = entry.coverImage;

  return (
    <section aria-labelledby="entry-cover-title" className="flex flex-col gap-3">
      <h2 id="entry-cover-title" className="text-xl font-semibold text-ink">
        Cover image
      </h2>
      <p className="text-sm text-muted">
        Shown at the top of the page and when it is shared. JPEG, PNG, WebP, AVIF or SVG, at most 10
        MB; saved as soon as it is chosen.
      </p>
      {cover ? (
        <img
          src={cover.url}
          alt={cover.alt ? `Current cover: ${cover.alt}` : 'Current cover'}
          width={cover.width}
          height={cover.height}
          className="h-auto max-h-48 w-auto max-w-full rounded border border-line object-contain"
        />
      ) : (
        <p className="text-sm text-muted">None yet.</p>
      )}
      <TextInputField
        label="Description of the picture (alt text)"
        value={alt}
        onChange={setAlt}
        description="Read aloud in its place; empty if it only decorates. Given with the next upload."
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            {cover ? 'Replace the cover' : 'Upload a cover'}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPTED}
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              // The server refuses it too; said here before 10 MB travel.
              if (file.size > SITE_IMAGE_LIMITS.maxBytes) {
                setRefusal(SITE_IMAGE_MESSAGES.tooLarge);
                return;
              }
              upload.mutate(file);
            }}
            className="max-w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-raised file:px-3 file:py-2 file:text-ink"
          />
        </div>
        {cover ? (
          <Button
            variant="secondary"
            isPending={remove.isPending}
            onPress={() => remove.mutate({ id: entry.id })}
          >
            Remove the cover
          </Button>
        ) : null}
      </div>
      <div role="status" className="text-sm">
        {upload.isPending ? (
          <p className="text-muted">Uploading...</p>
        ) : refusal ? (
          <p className="text-red-700 dark:text-red-300">{refusal}</p>
        ) : null}
      </div>
    </section>
  );
}

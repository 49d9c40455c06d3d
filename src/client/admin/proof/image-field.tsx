import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '#client/ui/toast';
import { SITE_IMAGE_LIMITS, SITE_IMAGE_MESSAGES } from '#shared/site-image';
import type { SiteImage } from '#shared/shapes/site-image';
import { Button, TextInputField } from '../ui/controls';
import { errorMessage } from '../ui/errors';

interface ImageFieldProps {
  /** "Photo", "Logo image": the heading and the toasts' words. */
  label: string;
  hint: string;
  image: SiteImage | null;
  upload: (file: File, alt: string) => Promise<unknown>;
  remove: () => Promise<unknown>;
  /** The server's refusal naming the image (a logo published without one). */
  issue?: string | undefined;
}

const ACCEPT = 'image/png,image/jpeg,image/webp,image/avif,image/svg+xml';

/**
 * An uploaded image with its description (docs/admin-guide.md): uploaded at once when a file
 * is chosen, apart from the form's Save, with the alt text typed above it; removed at once.
 */
export function ImageField({ label, hint, image, upload, remove, issue }: ImageFieldProps) {
  const inputId = useId();
  const headingId = useId();
  const [alt, setAlt] = useState(image?.alt ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const sent = useMutation({
    mutationFn: (file: File) => upload(file, alt),
    onSuccess: () => {
      setRefusal(null);
      toast({ title: `${label} uploaded` });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  const removed = useMutation({
    mutationFn: remove,
    onSuccess: () => {
      setRefusal(null);
      toast({ title: `${label} removed` });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  const shown = refusal ?? issue;

  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-md border p-4 ${shown ? 'border-red-700 dark:border-red-300' : 'border-line'}`}
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="font-semibold text-ink">
          {label}
        </h2>
        <p className="text-sm text-muted">{hint}</p>
      </div>
      {image ? (
        <img
          src={image.url}
          alt={image.alt ? `Current: ${image.alt}` : `Current ${label.toLowerCase()}`}
          width={image.width}
          height={image.height}
          className="h-16 w-auto max-w-48 rounded border border-line bg-subtle object-contain"
        />
      ) : (
        <p className="text-sm text-muted">None yet.</p>
      )}
      <TextInputField
        label="Description (alt text)"
        value={alt}
        onChange={setAlt}
        description="Read aloud in the image’s place; sent with the file. Leave blank when the name beside it says it all."
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            {image ? `Replace the ${label.toLowerCase()}` : `Upload the ${label.toLowerCase()}`}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT}
            disabled={sent.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              // The server refuses it too; said here before 10 MB travel.
              if (file.size > SITE_IMAGE_LIMITS.maxBytes) {
                setRefusal(SITE_IMAGE_MESSAGES.tooLarge);
                return;
              }
              sent.mutate(file);
            }}
            className="max-w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-raised file:px-3 file:py-2 file:text-ink"
          />
        </div>
        {image ? (
          <Button
            variant="secondary"
            isPending={removed.isPending}
            onPress={() => removed.mutate()}
          >
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </div>
      <div role="status" className="text-sm">
        {sent.isPending ? (
          <p className="text-muted">Uploading...</p>
        ) : shown ? (
          <p className="text-red-700 dark:text-red-300">{shown}</p>
        ) : null}
      </div>
    </section>
  );
}

import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { trpc } from '#client/lib/trpc';
import { setSiteLogo } from '#client/lib/site-brand';
import { toast } from '#client/ui/toast';
import {
  MEDIA_MAX_BYTES,
  MEDIA_SLOT_LABELS,
  MEDIA_SLOTS,
  type MediaSlot,
} from '#shared/site-media';
import type { SiteMedia } from '#shared/shapes/media';
import { Button } from '../ui/controls';
import { errorMessage } from '../ui/errors';
import { uploadMedia } from './media-upload';

const HINTS: Record<MediaSlot, string> = {
  logo: 'Shown before the name in the header and footer, 36 px high. SVG, PNG, JPEG, WebP or AVIF; a transparent background looks best.',
  photo:
    'Shown round in the About section, 112 px wide: the middle of the picture is cropped square.',
  og: 'The picture a link to the site shows when shared (1200 x 630, cropped to fit).',
  favicon: 'The icon in browser tabs and on a phone home screen: a square picture works best.',
};

const RASTER = 'image/png,image/jpeg,image/webp,image/avif';

const PREVIEW_CLASS = 'h-16 max-w-48 rounded border border-line bg-subtle object-contain';

/**
 * What the slot shows now, small. Without an upload, the sharing image is the one the server
 * draws from the saved brand (or its built-in card while the brand is the starting one), at
 * GET /og/home.png, asked again after each save (`contentVersion`) or logo change; the
 * favicon is the uploaded logo (docs/content.md, "Images").
 */
function Current({
  slot,
  media,
  contentVersion,
}: {
  slot: MediaSlot;
  media: SiteMedia;
  contentVersion: number;
}) {
  const alt = `Current ${MEDIA_SLOT_LABELS[slot].toLowerCase()}`;
  if (slot === 'og' && !media.og) {
    const version = encodeURIComponent(`${contentVersion} ${media.logo?.src ?? ''}`);
    return (
      <div className="flex flex-col gap-2">
        <img src={`/og/home.png?v=${version}`} alt={alt} className={PREVIEW_CLASS} />
        <p className="text-sm text-muted">
          Drawn from the company name, the headline and the logo (the built-in card while they are
          the starting ones).
        </p>
      </div>
    );
  }
  if (slot === 'favicon' && !media.favicon && media.logo) {
    return (
      <div className="flex flex-col gap-2">
        <img src={media.logo.src} alt={alt} className={PREVIEW_CLASS} />
        <p className="text-sm text-muted">The logo, until a favicon is uploaded.</p>
      </div>
    );
  }
  const src =
    slot === 'logo'
      ? media.logo?.src
      : slot === 'photo'
        ? media.photo?.src
        : slot === 'og'
          ? media.og?.src
          : media.favicon?.png192;
  if (!src) {
    return (
      <p className="text-sm text-muted">
        {slot === 'photo' ? 'None: the About section shows an icon.' : 'The built-in default.'}
      </p>
    );
  }
  return <img src={src} alt={alt} className={PREVIEW_CLASS} />;
}

function MediaSlotRow({
  slot,
  media,
  contentVersion,
}: {
  slot: MediaSlot;
  media: SiteMedia;
  contentVersion: number;
}) {
  const inputId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const label = MEDIA_SLOT_LABELS[slot];
  const shown = (next: SiteMedia) => {
    utils.media.list.setData(undefined, next);
    // The admin's own header shows the logo as the public one does, without a reload.
    if (slot === 'logo') setSiteLogo(next.logo);
    setRefusal(null);
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadMedia(slot, file),
    onSuccess: (next) => {
      shown(next);
      toast({
        title: `${label} uploaded`,
        description: 'The public pages show it within 2 seconds.',
      });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  const remove = trpc.media.remove.useMutation({
    onSuccess: (next) => {
      shown(next);
      toast({ title: `${label} removed` });
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });
  const has = Boolean(media[slot]);

  return (
    <li className="flex flex-col gap-3 border-t border-line pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold text-ink">{label}</h3>
        <p className="text-sm text-muted">{HINTS[slot]}</p>
      </div>
      <Current slot={slot} media={media} contentVersion={contentVersion} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-ink">
            {has ? `Replace the ${label.toLowerCase()}` : `Upload a ${label.toLowerCase()}`}
          </label>
          <input
            id={inputId}
            type="file"
            accept={slot === 'logo' ? `${RASTER},image/svg+xml` : RASTER}
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              // The server refuses it too; said here before 5 MB travel.
              if (file.size > MEDIA_MAX_BYTES) {
                setRefusal('The image is larger than 5 MB.');
                return;
              }
              upload.mutate(file);
            }}
            className="max-w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-line-strong file:bg-raised file:px-3 file:py-2 file:text-ink"
          />
        </div>
        {has ? (
          <Button
            variant="secondary"
            isPending={remove.isPending}
            onPress={() => remove.mutate({ slot })}
          >
            Remove
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
    </li>
  );
}

/**
 * The Content screen's images (docs/admin-guide.md): each uploaded, replaced or removed on its
 * own, at once, apart from the words' Save.
 */
export function MediaCard({
  media,
  contentVersion = 0,
}: {
  media: SiteMedia;
  /** The saved content's version: the drawn sharing image follows it. */
  contentVersion?: number;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id="media-title" className="text-xl font-semibold text-ink">
          Images
        </h2>
        <p className="text-sm text-muted">
          Each image is saved as soon as it is chosen, apart from the texts above. At most 5 MB.
        </p>
      </div>
      <ul className="flex flex-col gap-4">
        {MEDIA_SLOTS.map((slot) => (
          <MediaSlotRow key={slot} slot={slot} media={media} contentVersion={contentVersion} />
        ))}
      </ul>
    </div>
  );
}

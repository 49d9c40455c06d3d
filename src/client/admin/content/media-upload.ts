/**
 * Sends an image to POST /api/media/:slot as multipart/form-data (docs/api.md, "Site
 * images"): a file cannot travel in the tRPC client's JSON. The answer is the images as the
 * pages now show them; a refusal's message (400, 413, 401) is thrown as the error's.
 */
import type { MediaSlot, SiteMedia } from '#shared/site-media';

export async function uploadMedia(slot: MediaSlot, file: File): Promise<SiteMedia> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(`/api/media/${slot}`, {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => null)) as {
    media?: SiteMedia;
    message?: string;
  } | null;
  if (!response.ok || !body?.media) {
    throw new Error(body?.message ?? `The upload failed (${response.status}).`);
  }
  return body.media;
}

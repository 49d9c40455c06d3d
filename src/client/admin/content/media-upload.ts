/**
 * Sends an image as multipart/form-data (docs/api.md, "Site images", "Uploaded images"): a
 * file cannot travel in the tRPC client's JSON. The site's images go to POST /api/media/:slot,
 * an entry's cover to POST /api/entries/:id/cover (entries/entry-cover-card.tsx). A refusal's
 * message (400, 413, 401) is thrown as the error's.
 */
import type { MediaSlot } from '#shared/site-media';
import type { SiteMedia } from '#shared/shapes/media';

/** POSTs `file` (and the other fields) to `path`; the answer's `key` member, or the refusal. */
export async function uploadImage<T>(
  path: string,
  key: string,
  file: File,
  fields: Record<string, string> = {},
): Promise<T> {
  const form = new FormData();
  form.append('file', file);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(path, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const answer = body?.[key];
  if (!response.ok || answer === undefined) {
    const message = typeof body?.['message'] === 'string' ? body['message'] : null;
    throw new Error(message ?? `The upload failed (${response.status}).`);
  }
  return answer as T;
}

export function uploadMedia(slot: MediaSlot, file: File): Promise<SiteMedia> {
  return uploadImage<SiteMedia>(`/api/media/${slot}`, 'media', file);
}

/**
 * Sends a testimonial's photo or a client's logo to its REST path as multipart/form-data
 * (docs/api.md, "Uploaded images"): a file cannot travel in the tRPC client's JSON. The
 * answer's entity is returned; a refusal's message (400, 404, 413) is thrown as the error's.
 */
import type { ClientLogo, Testimonial } from '#shared/shapes/proof';

interface Answers {
  testimonial: Testimonial;
  clientLogo: ClientLogo;
}

export async function uploadProofImage<K extends keyof Answers>(
  path: string,
  key: K,
  file: File,
  alt: string,
): Promise<Answers[K]> {
  const form = new FormData();
  form.append('file', file);
  form.append('alt', alt);
  const response = await fetch(path, { method: 'POST', body: form, credentials: 'same-origin' });
  const body = (await response.json().catch(() => null)) as
    | (Partial<Answers> & { message?: string })
    | null;
  const entity = body?.[key];
  if (!response.ok || !entity) {
    throw new Error(body?.message ?? `The upload failed (${response.status}).`);
  }
  return entity as Answers[K];
}

/**
 * Where an entry's cover lives in the media store (media/site-image.ts): the files of slot
 * `cover-<id>`, which go when the entry goes (entry-store.ts).
 */
import type { Db } from '#db';
import { dropSiteImage, imageSlot } from '#server/media/site-image';

export const coverSlot = (id: number) => imageSlot('cover', id);

/** Inside a write: the cover's files are deleted (their addresses answer 404 from now on). */
export const dropEntryCover = (tx: Db, id: number) => dropSiteImage(tx, coverSlot(id));

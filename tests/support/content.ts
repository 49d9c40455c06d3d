/**
 * Site content for tests of what follows it (e-mails, pages, the manifest): a save through the
 * real procedure, as an administrator on the Content screen would make it.
 */
import type { AppDeps } from '#server/http/trpc';
import type { SiteContent } from '#shared/site-content';
import { callerFor, signedInCookie } from './app';

/** Saves the current content with `edit` applied, on top of the newest version. */
export async function saveContent(
  deps: AppDeps,
  edit: (content: SiteContent) => void,
): Promise<number> {
  const { caller } = callerFor(deps, { cookie: await signedInCookie(deps, 'content-editor') });
  const current = await caller.content.get();
  const content = structuredClone(current.content);
  edit(content);
  return (await caller.content.save({ content, baseVersion: current.version })).version;
}

/** Saves a new company name (and short name): what every mail and page signs with. */
export function saveSiteName(deps: AppDeps, name: string, shortName = name): Promise<number> {
  return saveContent(deps, (content) => {
    content.company.name = name;
    content.company.shortName = shortName;
  });
}

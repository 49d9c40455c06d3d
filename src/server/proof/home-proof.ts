/**
 * What the home page shows of the proof, after About (docs/content.md, "On the home page"):
 * the three latest published case studies, the published testimonials and the client logos.
 * With none of them the home page is exactly the page it was before there were any.
 *
 * The page is kept rendered per instance (content/pages.ts); `proofVersion` names the state
 * it was rendered from: the `published_entries` counter (migration 0027) and the
 * `published_proof` one (migration 0030), both bumped by triggers on every write, whoever
 * writes. They are asked at most every 500 ms, as the content's counter is: a publish on any
 * instance shows on every instance within half a second, and `GET /` is spared two database
 * round trips per view (on a libSQL server, most of its time: docs/performance.md).
 */
import { changeCounter, type Db } from '#db';
import { PUBLISHED_CHECK_MS } from '#server/site/site-content';
import type { EntrySummary } from '#shared/entries';
import { coverSlot } from '#server/entries/covers/cover-slot';
import { latestPublishedSummaries } from '#server/entries/published';
import { readImageSources, type ImageSources } from '#server/media/site-image';
import {
  publishedClientLogos,
  publishedTestimonials,
  type PublishedClientLogo,
  type PublishedTestimonial,
} from './published-proof';

/** Case studies (and insights) the home page shows; the rest are one link away, on their list. */
export const HOME_CASE_STUDIES = 3;

/** A case study as its home card needs it: its cover's resized files, when it has a cover. */
export type HomeCaseStudy = EntrySummary & { coverSources: ImageSources };

export interface HomeProof {
  /** Whether any entry (case study or insight) is published: the page then names the feeds. */
  anyEntry: boolean;
  caseStudies: HomeCaseStudy[];
  /** The latest insights: the page links `/insights` through them (DESIGN: every page reached from `/`). */
  insights: EntrySummary[];
  testimonials: PublishedTestimonial[];
  logos: PublishedClientLogo[];
}

export const NO_PROOF: HomeProof = Object.freeze({
  anyEntry: false,
  caseStudies: [],
  insights: [],
  testimonials: [],
  logos: [],
});

/** Per database: when the counters were last asked (ms on the app's clock), and their answer. */
const checked = new WeakMap<Db, { at: number; version: Promise<string> }>();

/**
 * The counters' values, read before the rows (a write in between makes the next render read
 * again), asked again at most every 500 ms: within that, the answer last read.
 */
export function proofVersion(db: Db, nowMs: number): Promise<string> {
  const last = checked.get(db);
  if (last && nowMs >= last.at && nowMs - last.at < PUBLISHED_CHECK_MS) return last.version;
  const version = Promise.all([
    changeCounter(db, 'published_entries'),
    changeCounter(db, 'published_proof'),
  ]).then(([entries, proof]) => `${entries} ${proof}`);
  checked.set(db, { at: nowMs, version });
  // A failed read is not kept: the next view asks again.
  version.catch(() => {
    if (checked.get(db)?.version === version) checked.delete(db);
  });
  return version;
}

export async function homeProof(db: Db): Promise<HomeProof> {
  // One after the other: a transaction's handle (and sqld's stream) takes one at a time.
  const latest = await latestPublishedSummaries(db, 'case_study', HOME_CASE_STUDIES);
  const covers = await readImageSources(
    db,
    latest.filter((entry) => entry.coverImage).map((entry) => coverSlot(entry.id)),
  );
  const caseStudies = latest.map((entry) => ({
    ...entry,
    coverSources: covers.get(coverSlot(entry.id)) ?? {},
  }));
  const insights = await latestPublishedSummaries(db, 'insight', HOME_CASE_STUDIES);
  const anyEntry = caseStudies.length > 0 || insights.length > 0;
  const testimonials = await publishedTestimonials(db);
  const logos = await publishedClientLogos(db);
  return { anyEntry, caseStudies, insights, testimonials, logos };
}

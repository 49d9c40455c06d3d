import { Suspense, lazy, startTransition, useEffect, useState } from 'react';
import type { PublicFact } from '#shared/shapes/facts';
import { recordedLoad } from '#client/lib/code-loads';
import { useSiteContent } from '../site-content-context';
import { FactsSkeleton } from './facts-frame';
import { readPublicFacts } from './read-facts';

/** The name under which the carousel's code load is recorded (client/lib/code-loads.ts). */
export const FACTS_CAROUSEL = 'facts-carousel';

const loadCarousel = recordedLoad(FACTS_CAROUSEL, () => import('./facts-carousel'));
const FactsCarousel = lazy(loadCarousel);

type FactsState = { status: 'pending' } | { status: 'done'; facts: PublicFact[] };

/** facts.listPublic, read once (docs/product.md, "Data fetching": never retried, never refetched). */
function usePublicFacts(): FactsState {
  const [state, setState] = useState<FactsState>({ status: 'pending' });
  useEffect(() => {
    let live = true;
    readPublicFacts()
      // The public read treats 401 as "nothing to show", like any failure here.
      .catch(() => [])
      .then((facts) => {
        // As a transition: rendering the slides yields to the browser every few ms instead of
        // one long task while the page is still loading (docs/performance.md, "Lighthouse").
        if (live) startTransition(() => setState({ status: 'done', facts }));
      });
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/**
 * The AI facts carousel over facts.listPublic (docs/product.md, "Carousel"). The prerendered
 * page and the first render show the skeleton, which holds none of the section's words; the
 * carousel's code is fetched alongside the facts. On an error, `success: false` or no facts
 * the section is not there at all, and its heading was never shown.
 */
export function FactsSection() {
  const state = usePublicFacts();
  const { headings } = useSiteContent();

  useEffect(() => {
    // Its failure is the lazy component's to show (the skeleton stays); nothing to say here.
    loadCarousel().catch(() => {});
  }, []);

  if (state.status === 'pending') return <FactsSkeleton />;
  if (state.facts.length === 0) return null;
  return (
    <Suspense fallback={<FactsSkeleton />}>
      <FactsCarousel
        facts={state.facts}
        headings={{ eyebrow: headings.factsEyebrow, title: headings.factsTitle }}
      />
    </Suspense>
  );
}

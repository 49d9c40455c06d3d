import { Suspense, lazy, useEffect } from 'react';
import { trpc } from '../../lib/trpc';
import { FactsSkeleton } from './facts-frame';

const loadCarousel = () => import('./facts-carousel');
const FactsCarousel = lazy(loadCarousel);

/**
 * The AI facts carousel over facts.listPublic (spec section 2). The prerendered page and the
 * first render show the skeleton; the carousel's code is fetched alongside the facts. On an
 * error, `success: false` or no facts the section is not there at all.
 */
export function FactsSection() {
  const query = trpc.facts.listPublic.useQuery(undefined, {
    // Spec section 6: the public read treats 401 as "nothing to show", like any failure here.
    throwOnError: false,
  });

  useEffect(() => {
    void loadCarousel();
  }, []);

  if (query.isPending) return <FactsSkeleton />;
  if (query.isError || !query.data.success || query.data.facts.length === 0) return null;
  return (
    <Suspense fallback={<FactsSkeleton />}>
      <FactsCarousel facts={query.data.facts} />
    </Suspense>
  );
}

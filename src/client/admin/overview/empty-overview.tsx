/** docs/product.md, "Overview": what the screen shows once visits are counted. */
export function EmptyOverview({ rangeLabel }: { rangeLabel: string }) {
  return (
    <section
      aria-labelledby="overview-empty-title"
      className="rounded-lg border border-line bg-raised p-6 text-ink shadow-sm"
    >
      <h2 id="overview-empty-title" className="text-lg font-semibold">
        No visits counted yet
      </h2>
      <p className="mt-2 text-muted">
        Nothing was counted for {rangeLabel} or the period before it. As soon as people visit the
        site, this screen shows:
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-muted">
        <li>how many people came each day, and how many pages they viewed;</li>
        <li>which pages they read, and the devices they used;</li>
        <li>where they came from: another site, a search engine or a campaign link;</li>
        <li>which of those sources and campaigns brought contact messages.</li>
      </ul>
      <p className="mt-3 text-muted">
        Visits are counted without cookies. Your own visits while signed in here are not counted, so
        open the site in a private window to see a visit appear.
      </p>
    </section>
  );
}

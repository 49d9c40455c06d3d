const BATCH_SIZE = 1000;

/**
 * Rows newest first (descending id), fetched a batch at a time with the last id seen as the
 * next batch's bound, so an export of any size holds one batch in memory. Each batch is a
 * complete query: an open better-sqlite3 iterator would keep the connection busy and make
 * every other request's write fail until the download ends.
 */
export async function* inIdBatches<Row extends { id: number }>(
  fetchBatch: (beforeId: number | undefined, size: number) => Row[] | Promise<Row[]>,
): AsyncGenerator<Row> {
  let before: number | undefined;
  for (;;) {
    const batch = await fetchBatch(before, BATCH_SIZE);
    yield* batch;
    const last = batch.at(-1);
    if (!last || batch.length < BATCH_SIZE) return;
    before = last.id;
  }
}

/**
 * `npm run bench`: figures for the hot paths against bare Node, and start-up times. The
 * work lives in scripts/bench/; this entry only picks it. See README, "Speed".
 */
import { main } from './bench/run';

await main(process.argv.slice(2));

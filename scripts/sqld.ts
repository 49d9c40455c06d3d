/**
 * `npm run sqld`: a libSQL server for development on 127.0.0.1 (port SQLD_PORT, 8080 by
 * default), keeping its data in SQLD_DATA (data/sqld). Point instances at it with
 * DATABASE_URL=http://127.0.0.1:8080 (docs/operations.md, "Running several instances").
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startSqld } from './sqld-process';

const dataDir = path.resolve(process.env.SQLD_DATA || 'data/sqld');
const port = Number(process.env.SQLD_PORT || 8080);
mkdirSync(path.dirname(dataDir), { recursive: true });
const sqld = await startSqld(dataDir, { port });
process.stdout.write(`sqld listening on ${sqld.url} (data in ${dataDir}); Ctrl+C stops it\n`);
process.stdout.write(`  DATABASE_URL=${sqld.url} SESSION_SECRET=<32+ characters> npm start\n`);
const stop = () => void sqld.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

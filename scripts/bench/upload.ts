/**
 * `npm run bench -- --only=upload` (docs/performance.md, "An engagement's 10 MB upload"): the
 * real server's memory while the owner uploads a 10 MB file to an engagement, whose goal is at
 * most 30 MB above the server's idle. The server (tsx server.ts, a fresh database) is warmed
 * with small uploads first; then its resident memory is read from /proc, its peak reset
 * (`clear_refs`), one 10 MB upload sent, and the peak read again. Printed, never asserted.
 * Development mode, so that a session without a second factor may upload (production asks
 * for one); the upload's path is the same.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, closeDatabase } from '#db';
import { ENGAGEMENT_FILE_MAX_BYTES } from '#shared/engagements/file-rules';
import { createTestClock } from '#tests/support/app';
import { sessionCookie } from '#tests/support/session-cookie';
import { pdfBytes } from '#tests/support/engagement-files';
import { storeBareEngagement } from '#tests/support/engagements';
import { benchEnv } from './env';
import { spawnServer } from './server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const GOAL_MB = 30;
/** Fresh servers, each measured once (BENCH_UPLOAD_RUNS). */
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const MB = 1024 * 1024;

/** A field of /proc/<pid>/status in bytes (VmRSS now, VmHWM the peak since the last reset). */
function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  const kb = Number(line?.split(/\s+/)[1]);
  if (!Number.isFinite(kb)) throw new Error(`no ${field} for process ${pid}`);
  return kb * 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function round(round: number): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'));
  const file = path.join(dir, 'app.db');
  const env: NodeJS.ProcessEnv = { ...benchEnv(file), NODE_ENV: 'development' };
  const server = await spawnServer(process.execPath, ['--import', 'tsx', 'server.ts'], {
    cwd: ROOT,
    env,
  });
  const db = await openDatabase({ file });
  try {
    const { pid } = server;
    if (pid === undefined) throw new Error('no server process id');
    const clock = createTestClock(new Date());
    const engagement = await storeBareEngagement({ db, clock });
    const { name, value } = await sessionCookie(
      { db, now: new Date(), sessionSecret: env.SESSION_SECRET ?? '', production: false },
      'bench',
    );
    const upload = async (bytes: Buffer, fileName: string, status = 201) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], fileName));
      const response = await fetch(`${server.url}/api/engagements/${engagement.id}/files`, {
        method: 'POST',
        headers: { cookie: `${name}=${value}` },
        body: form,
      });
      if (response.status !== status) throw new Error(`upload answered ${response.status}`);
      await response.arrayBuffer();
    };
    /** The server's peak above its resident memory just before, in MB, for one upload. */
    const measure = async (label: string, bytes: Buffer, status = 201) => {
      await sleep(2000);
      const idle = statusBytes(pid, 'VmRSS');
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const started = performance.now();
      await upload(bytes, `${label}.pdf`, status);
      const ms = performance.now() - started;
      const above = (statusBytes(pid, 'VmHWM') - idle) / MB;
      console.log(
        `${label}: ${above.toFixed(1)} MB above idle (${(idle / MB).toFixed(1)} MB), ${Math.round(ms)} ms`,
      );
      return above;
    };

    // Every code path loaded and the database's pages warm, as on a server that has run.
    for (let i = 0; i < 5; i++) await upload(pdfBytes(256 * 1024), `warm-${i}.pdf`);
    // The first large upload of the server is the figure: memory taken by one is not always
    // given back at once, so a second one would start from a higher resident size.
    const stored = await measure(`run ${round}: 10 MB stored`, pdfBytes(ENGAGEMENT_FILE_MAX_BYTES));
    // Read to 10 MB and refused (413): receiving alone, without storing.
    await measure(
      `run ${round}: 10 MB read, refused`,
      pdfBytes(ENGAGEMENT_FILE_MAX_BYTES + 1),
      413,
    );
    return stored;
  } finally {
    await closeDatabase(db);
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function main(): Promise<void> {
  const figures: number[] = [];
  for (let i = 1; i <= RUNS; i++) figures.push(await round(i));
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(
    `10 MB upload stored: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} MB, ` +
      `at most ${sorted.at(-1)?.toFixed(1)} MB above idle over ${RUNS} servers (goal at most ${GOAL_MB} MB)`,
  );
}

/**
 * The production install run the way a deployer runs it (docs/operations.md, "Production";
 * PRODUCTION_INSTALL, PRODUCTION_START): the repository's files in a folder of their own, the
 * build, `npm prune --omit=dev`, then `NODE_ENV=production npm start`, which runs
 * `node dist/server.js` with no TypeScript loader. Every feature that finds a file beside the
 * bundle is used once: migrations, the page renderer, the share image's font, the image
 * worker thread, and the command line. And what production adds (docs/operations.md): the
 * probes, /metrics, traces sent to an OTLP receiver of the test's own, a backup put in an S3
 * store of the test's own (s3rver) and restored into a new data folder as a new machine would
 * (docs/going-live.md, "Backups"), and a SIGTERM that answers the request it had begun to
 * receive.
 *
 * Substitutions, to keep the cost low: `npm ci` is the installed node_modules hard-linked
 * into the copy (`cp -al`: prune only unlinks the copy's names, never the real files; npm's
 * own record, node_modules/.package-lock.json, which it rewrites, is a real copy), and
 * `npm run build` is its two halves: the client's build is the project's own
 * (scripts/build-if-stale.ts builds it only when stale, as the browser tests' set-up does),
 * copied in, and the server's bundle (scripts/bundle-server.ts, 1-2 s) is made in the copy.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect } from 'node:net';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testImage, uploadForm } from '#tests/support/images';
import { totpCodeAt } from '#tests/support/totp';
import { sessionCookieFrom } from '#tests/support/users';
import { PRODUCTION_INSTALL, PRODUCTION_START } from '#tests/support/production-install';
import { startOtlpReceiver, type OtlpReceiver } from '#tests/support/otlp-receiver';
import { startTestS3, type TestS3 } from '#tests/support/s3-server';
import { contactBody } from '#tests/support/contact';
import { addMigrations } from '#tests/support/migrations-before';
import { readJournal } from '#db/migrations';
import { withBuildLock } from '../../scripts/build-lock';
import { bundleServer } from '../../scripts/bundle-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { username: 'deployer', password: 'correct horse battery staple' };
const METRICS_TOKEN = 'production-metrics-token-0123456789';

let dir: string;
let app: string;
let dbPath: string;
let server: ReturnType<typeof spawn> | undefined;
let exited: Promise<number | null>;
let output = '';
let url = '';
let receiver: OtlpReceiver;
/** What the admin test stored, looked for again after the restore. */
let stored: { photo: string; insight: string } | undefined;
let s3: TestS3;

/** Only what a shell on the server would have, plus the start's settings. */
function productionEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_PATH: dbPath,
    SESSION_SECRET: 'production-test-secret-production-test-secret',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_TOKEN,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    BACKUP_S3_URL: `s3://${s3.bucket}/site`,
    BACKUP_S3_ENDPOINT: s3.endpoint,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_REGION: 'us-east-1',
  };
}

/** Polls (hooks cannot use expect.poll) until `value` answers something, or the server ends. */
async function pollUntil<T>(value: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await value();
    if (found !== undefined) return found;
    if (server?.exitCode !== null || Date.now() > deadline) {
      throw new Error(`npm start did not get ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The repository's files as a checkout has them (the working tree's versions). */
function copyRepository(to: string): void {
  const files = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(to, file));
  }
}

/**
 * A command in the copy, its output. Asynchronous: the S3 store and the OTLP receiver answer
 * from this process, which a synchronous spawn would keep from answering.
 */
async function runWithStderr(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = productionEnv(),
): Promise<{ stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${stdout}\n${stderr}`);
  return { stdout, stderr };
}

/** A command in the copy, its standard output. */
async function run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<string> {
  return (await runWithStderr(command, args, env)).stdout;
}

/**
 * `NODE_ENV=production npm start` in the copy, until /readyz answers 200 (or, `ready: false`,
 * until it listens, without asking /readyz).
 */
async function startProduction({ ready = true } = {}): Promise<void> {
  output = '';
  // A group of its own, so that the clean-up can end whatever is left of it.
  server = spawn('npm', ['start'], {
    cwd: app,
    env: productionEnv(),
    stdio: 'pipe',
    detached: true,
  });
  const started = server;
  exited = new Promise((resolve) => started.once('exit', resolve));
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
  };
  started.stdout!.on('data', onData);
  started.stderr!.on('data', onData);
  const port = await pollUntil(() => /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1]);
  url = `http://127.0.0.1:${port}`;
  if (!ready) return;
  await pollUntil(async () => ((await fetch(`${url}/readyz`)).status === 200 ? true : undefined));
}

/** SIGTERM to `npm start`, as a process manager sends it; the exit code. */
async function stopProduction(): Promise<number | null> {
  server!.kill('SIGTERM');
  return exited;
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  s3 = await startTestS3();
  dir = mkdtempSync(path.join(tmpdir(), 'production-'));
  app = path.join(dir, 'app');
  dbPath = path.join(dir, 'data', 'app.db');
  mkdirSync(path.dirname(dbPath));
  copyRepository(app);
  // `npm ci`: the installed packages, hard-linked. The folder itself: where node_modules is a
  // link to another checkout's (a git worktree), a copy of the link would let the prune below
  // remove that checkout's packages.
  const modules = realpathSync(path.join(ROOT, 'node_modules'));
  execFileSync('cp', ['-al', modules, path.join(app, 'node_modules')]);
  if (lstatSync(path.join(app, 'node_modules')).isSymbolicLink()) {
    throw new Error('the copy of node_modules is a link, not a folder of its own');
  }
  const record = path.join('node_modules', '.package-lock.json');
  rmSync(path.join(app, record));
  cpSync(path.join(modules, '.package-lock.json'), path.join(app, record));
  // `npm run build`, the client: built when stale, copied under the lock.
  withBuildLock(() => {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    for (const built of ['client', 'server']) {
      cpSync(path.join(ROOT, 'dist', built), path.join(app, 'dist', built), { recursive: true });
    }
  });
  // `npm run build`, the server: bundled in the copy by its last step's own function.
  await bundleServer(app);
  // `npm prune --omit=dev` (offline: nothing is fetched, only removed).
  await run('npm', ['prune', '--omit=dev', '--offline']);

  await startProduction();
}, 240_000);

afterAll(async () => {
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    process.kill(-server.pid, 'SIGKILL');
    await exited;
  }
  await receiver?.close();
  await s3?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('follows the documented install and start', () => {
  // The steps above are these, with the substitutions the header names.
  expect(PRODUCTION_INSTALL).toEqual(['npm ci', 'npm run build', 'npm prune --omit=dev']);
  expect(PRODUCTION_START).toBe('npm start');
});

it('runs without dev dependencies: tsx, vite and esbuild are gone from the copy only', () => {
  for (const name of ['tsx', 'vite', 'esbuild', 'vitest']) {
    expect(existsSync(path.join(app, 'node_modules', name)), name).toBe(false);
    // Pruning the hard-linked copy left the project's own packages in place.
    expect(existsSync(path.join(ROOT, 'node_modules', name, 'package.json')), name).toBe(true);
  }
  // `npm start` ran the bundle itself, not the TypeScript.
  expect(output).toContain('node scripts/start.mjs');
  expect(output).not.toContain('client build');
  const bundle = readFileSync(path.join(app, 'dist/server.js'), 'utf8');
  expect(bundle).not.toMatch(/from ["'](tsx|vite|esbuild)["'/]/);
});

it('serves the prerendered home page and applied the migrations', async () => {
  const res = await fetch(`${url}/`);
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain('Unlocking Your');
  expect(html).toContain('<title>Acme AI Engineering');
  // One log line for each migration the start applied, by name: on a new database, every one.
  const migrated = output
    .split('\n')
    .filter((line) => line.includes('"event":"db.migrated"'))
    .map((line) => (JSON.parse(line) as { migration: string }).migration);
  expect(migrated).toEqual(readJournal(path.join(app, 'migrations')).map((m) => m.tag));
});

it('answers the probes: alive without the database, ready with it', async () => {
  const live = await fetch(`${url}/livez`);
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ status: 'ok' });
  const ready = await fetch(`${url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready' });
});

/** A JSON call to the server, with the session's cookie; throws unless it answers 200. */
async function call(path: string, cookie: string, body?: unknown): Promise<Response> {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

/**
 * Signs in as the first administrator (ADMIN_USERNAME/ADMIN_PASSWORD) and sets up the
 * authenticator app, which production asks for before the admin area: the session cookie.
 */
async function signIn(): Promise<string> {
  const login = await call('/api/admin/login', '', ADMIN);
  expect(await login.json()).toMatchObject({ success: true, setupRequired: true });
  let cookie = sessionCookieFrom(login.headers) ?? '';
  const setup = await call('/api/account/totp/setup', cookie, { password: ADMIN.password });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await call('/api/account/totp/enable', cookie, {
    code: await totpCodeAt(secret, new Date()),
  });
  await enabled.arrayBuffer();
  const renewed = sessionCookieFrom(enabled.headers);
  if (renewed) cookie = renewed;
  const check = await call('/api/admin/check', cookie);
  expect(await check.json()).toMatchObject({ authenticated: true, username: ADMIN.username });
  return cookie;
}

it('answers the admin API, processes an upload in the worker thread, draws a share image', async () => {
  const cookie = await signIn();

  // The photo is decoded and resized in dist/image-worker.js.
  const photo = await fetch(`${url}/api/media/photo`, {
    method: 'POST',
    headers: { cookie },
    body: uploadForm(await testImage('jpeg', 400, 300), 'me.jpg'),
  });
  expect(photo.status).toBe(200);
  const { media } = (await photo.json()) as {
    media: { photo: { src: string; width: number; height: number } };
  };
  // A 400x300 picture cropped square, which only the worker does.
  expect(media.photo.width).toBe(media.photo.height);
  const variant = await fetch(`${url}${media.photo.src}`);
  expect(variant.status).toBe(200);
  expect(variant.headers.get('content-type')).toMatch(/^image\//);
  await variant.arrayBuffer();

  // A published insight's share image is drawn with the font from dist/fonts.
  const json = { cookie, 'content-type': 'application/json' };
  const created = await fetch(`${url}/api/entries`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      kind: 'insight',
      title: 'Running the bundle',
      summary: 'What production runs.',
      body: 'The server, bundled once.',
    }),
  });
  expect(created.status).toBe(201);
  const { entry } = (await created.json()) as { entry: { id: number; slug: string } };
  const published = await fetch(`${url}/api/entries/${entry.id}/publish`, {
    method: 'POST',
    headers: json,
  });
  expect(published.status).toBe(200);
  await published.arrayBuffer();
  const page = await (await fetch(`${url}/insights/${entry.slug}`)).text();
  const image = /(\/og\/insight\/[^"]+\.png)/.exec(page)?.[1];
  expect(image).toBeDefined();
  const png = await fetch(`${url}${image}`);
  expect(png.status).toBe(200);
  expect(png.headers.get('content-type')).toBe('image/png');
  const bytes = new Uint8Array(await png.arrayBuffer());
  expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  stored = { photo: media.photo.src, insight: `/insights/${entry.slug}` };
});

it('counts requests in /metrics by route template, for the token only', async () => {
  expect((await fetch(`${url}/metrics`)).status).toBe(401);
  const res = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toMatch(
    /http_requests_total\{route="\/api\/media\/:slot",method="POST",status="200"\} 1/,
  );
  // The insight's page was asked by its slug: counted under its template, never the slug.
  expect(text).not.toContain('running-the-bundle');
  expect(text).toContain('backup_last_timestamp_seconds{outcome="success"}');
});

it('runs `npm run admin` from the pruned install', async () => {
  expect(await run('npm', ['run', '--silent', 'admin', '--', 'list-users'])).toContain(
    ADMIN.username,
  );
  // Without NODE_ENV too: tsx is not installed, so the bundle runs (scripts/launch.mjs).
  const withoutNodeEnv = productionEnv();
  delete withoutNodeEnv.NODE_ENV;
  expect(
    await run('npm', ['run', '--silent', 'admin', '--', 'list-users'], withoutNodeEnv),
  ).toContain(ADMIN.username);
  const backup = path.join(dir, 'backup.db');
  await run('npm', ['run', '--silent', 'admin', '--', 'backup', backup]);
  expect(existsSync(backup)).toBe(true);
  // One now to the configured S3 store, read back and checked; then listed. Nothing on
  // stderr: not the AWS SDK's notice of Node 20 either (docs/decisions/0053).
  const put = await runWithStderr('npm', ['run', '--silent', 'admin', '--', 'backup']);
  expect(put.stdout).toMatch(
    /^backup (backup-\S+\.db\.gz) \(\d+ bytes\) put and checked in s3:\/\/backups\/site/,
  );
  expect(put.stderr).toBe('');
  const listed = await runWithStderr('npm', ['run', '--silent', 'admin', '--', 'backups']);
  expect(listed.stdout).toMatch(/\ts3:\/\/backups\/site\t\d+\tbackup-\S+\.db\.gz/);
  expect(listed.stderr).toBe('');
});

/**
 * A request begun now (its request line and first header sent: the server holds the
 * connection as busy, and a shutdown does not drop it), finished by `finish()`.
 */
async function begunContact(base: string) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  let response = '';
  socket.on('data', (chunk: Buffer) => (response += chunk.toString('utf8')));
  const ended = once(socket, 'close');
  const body = JSON.stringify(contactBody('shutdown', 1));
  socket.write(`POST /api/contact HTTP/1.1\r\nHost: ${hostname}\r\n`);
  return {
    async finish() {
      socket.end(
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
      await ended;
      return { statusLine: response.split('\r\n')[0], body: response.split('\r\n\r\n')[1] };
    },
  };
}

it('stops on a SIGTERM sent to npm start: not ready at once, the begun request answered in full', async () => {
  const contact = await begunContact(url);
  // Another request answered after the begun one's first bytes went: the server has read them.
  expect((await fetch(`${url}/livez`)).status).toBe(200);
  // To npm alone, as a process manager that runs `npm start` sends it: it reaches the server
  // (package.json's `exec node scripts/start.mjs`: no shell left in between).
  server!.kill('SIGTERM');
  await pollUntilStopping();
  const answered = await contact.finish();
  expect(answered.statusLine).toMatch(/^HTTP\/1\.1 201 /);
  expect(answered.body).toContain('"success":true');
  expect(await exited).toBe(0);
  expect(output).toContain('"event":"server.stopped"');
});

/** Until the server logged that its shutdown began (readiness is 503 from then on). */
async function pollUntilStopping(): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!output.includes('"event":"server.stopping"')) {
    if (Date.now() > deadline) throw new Error(`no server.stopping:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('sent its traces to the OTLP endpoint: the service, a request by its template, a statement', () => {
  const resources = receiver.received.flatMap((body) => body.resourceSpans);
  expect(resources[0]?.resource.attributes).toContainEqual({
    key: 'service.name',
    value: { stringValue: 'ai-consultancy-site' },
  });
  const spans = receiver.spans();
  const upload = spans.find((span) => span.name === 'POST /api/media/:slot');
  expect(upload, spans.map((span) => span.name).join(', ')).toBeDefined();
  expect(spans.some((span) => span.parentSpanId === upload!.spanId)).toBe(true);
  // No visitor's words in any span: the contact message's text stayed out.
  expect(JSON.stringify(receiver.received)).not.toContain('shutdown message number 1');
});

it('restores the S3 backup into a new data folder, as on a new machine, and starts with its data', async () => {
  const key = /\t(backup-\S+\.db\.gz)$/m.exec(
    await run('npm', ['run', '--silent', 'admin', '--', 'backups']),
  )?.[1];
  expect(key).toBeDefined();
  dbPath = path.join(dir, 'new-machine', 'app.db');
  mkdirSync(path.dirname(dbPath));
  expect(await run('npm', ['run', '--silent', 'admin', '--', 'restore', key!])).toContain(
    'there was no database to replace',
  );
  await startProduction();
  expect((await fetch(`${url}${stored!.photo}`)).status).toBe(200);
  expect((await fetch(`${url}${stored!.insight}`)).status).toBe(200);
  expect(await stopProduction()).toBe(0);
});

it('stays ready through an upgrade: a migration pulled while it runs is not asked for; npm run db:migrate applies it without tsx', async () => {
  await startProduction({ ready: false });
  // `git pull` brings a migration the running code does not know (docs/operations.md, "Upgrading").
  const migrations = path.join(app, 'migrations');
  const tag = `${String(readJournal(migrations).length).padStart(4, '0')}_pulled`;
  addMigrations(migrations, [[tag, ['CREATE TABLE pulled (x integer);']]]);
  const ready = await fetch(`${url}/readyz`);
  expect(await ready.json()).toEqual({ status: 'ready' });
  // The upgrade's step 3, from the pruned install: no TypeScript loader.
  const migrated = await runWithStderr('npm', ['run', '--silent', 'db:migrate']);
  expect(migrated.stdout).toContain(`migration ${tag} applied`);
  expect(migrated.stderr).toBe('');
  expect((await fetch(`${url}/readyz`)).status).toBe(200);
  expect(await stopProduction()).toBe(0);
});

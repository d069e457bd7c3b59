// `npm test`: type-check, lint, unit and integration tests (vitest), end-to-end tests (Playwright
// driving Debian's Chromium). Every step runs even if an earlier one failed, so one run shows
// everything that is wrong; the last line totals every suite: `N passed, N failed, N skipped`.
//
// The renderer is built first; then two lanes run side by side, because vitest's integration files
// run one at a time and leave the second core mostly idle: vitest (unit and renderer tests, then
// the integration tests; its output as it comes), and type-check, lint, format and Playwright one
// after another (each line prefixed with its step).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const USAGE = `usage: npm test
  --help, -h    print this and exit
Runs every suite, each even if one before it failed: the renderer's build, then side by side
vitest (unit and renderer tests, then integration tests) and, one after another, type-check
(tsc -b), lint (eslint), format (prettier --check) and end-to-end tests (Playwright in Chromium; LEDGERSCOPE_CHROMIUM names
another Chromium than /usr/bin/chromium). The last line totals them: N passed, N failed, N skipped.
It takes no other flag; one suite or file: npm run test:unit -- <files>, npm run test:e2e -- <spec>
(docs/testing.md).`;

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length > 0) {
  console.error(`ledgerscope: npm test takes no argument, not ${args[0]}\n${USAGE}`);
  process.exit(2);
}

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
const CHROMIUM = process.env.LEDGERSCOPE_CHROMIUM ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
const suiteStarted = Date.now();

/**
 * Runs one step. Without a prefix its output goes straight to this terminal; with one, each line
 * is written with the prefix, so a lane running beside vitest stays readable.
 */
function run(title, command, args, { env = {}, prefix } = {}) {
  const say = (line) => console.log(prefix ? `${prefix}${line}` : line);
  say(`=== ${title}`);
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, ...env },
  });
  if (prefix) for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', say);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      say(String(error));
      resolve(false);
    });
    child.once('close', (code) => {
      say(`=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code === 0);
    });
  });
}

function bin(path) {
  return [process.execPath, join(root, 'node_modules', path)];
}

/** A step without test cases of its own (type-check, lint, build) counts as one check. */
async function check(title, command, args, options) {
  const ok = await run(title, command, args, options);
  totals[ok ? 'passed' : 'failed'] += 1;
  return ok;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `Chromium is missing at ${CHROMIUM}: install it (Debian: sudo apt-get install -y chromium) or set LEDGERSCOPE_CHROMIUM.`,
    );
    return false;
  }
  console.log(`Chromium is missing at ${CHROMIUM}: installing Debian's chromium package.`);
  return (
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' }).status === 0 &&
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0 &&
    existsSync(CHROMIUM)
  );
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const [tsc, eslint, prettier, vitest, playwright] = [
  bin('typescript/bin/tsc'),
  bin('eslint/bin/eslint.js'),
  bin('prettier/bin/prettier.cjs'),
  bin('vitest/vitest.mjs'),
  bin('@playwright/test/cli.js'),
];

/** Adds a vitest JSON report's counts; a run that failed without a failed test (a file that did not load) fails once more. */
function countVitest(ok, report) {
  if (report) {
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    if (!ok && report.numFailedTests === 0) totals.failed += 1;
  } else if (!ok) {
    totals.failed += 1;
  }
}

/** Adds a Playwright JSON report's counts, the same way. */
function countPlaywright(ok, stats) {
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (!ok && stats.unexpected === 0) totals.failed += 1;
  } else if (!ok) {
    totals.failed += 1;
  }
}

/** One vitest run of the given projects, its JSON report counted. */
async function vitestRun(title, projects, report, options) {
  const json = join(results, report);
  const ok = await run(
    title,
    vitest[0],
    [
      vitest[1],
      'run',
      ...projects.flatMap((project) => ['--project', project]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
    ],
    options,
  );
  countVitest(ok, readJson(json));
}

/**
 * Vitest's lane: the unit and renderer files (in parallel), then the integration files, one at a
 * time on one module graph. Two runs, because one run of all three projects started the
 * integration files only when the others were done anyway (vitest runs a project without file
 * parallelism after the parallel ones), and two runs let each report and print on its own.
 */
async function vitestLane() {
  await vitestRun('unit and renderer tests (vitest)', ['unit', 'renderer'], 'vitest-unit.json');
  await vitestRun('integration tests (vitest)', ['integration'], 'vitest-integration.json');
}

/** Type-check, lint and format, then Playwright against the renderer built before the lanes began. */
async function checksAndBrowserLane(built) {
  await check('type-check', tsc[0], [tsc[1], '-b'], { prefix: 'tsc      | ' });
  await check('lint', eslint[0], [eslint[1], '.'], { prefix: 'eslint   | ' });
  // Every file in the formatter's care is as Prettier writes it (.prettierrc.json); `npm run format` mends.
  await check('format', prettier[0], [prettier[1], '--check', '--log-level', 'warn', '.'], { prefix: 'prettier | ' });
  if (!built) return;
  const playwrightJson = join(results, 'playwright.json');
  const ok = await run(
    'end-to-end tests (Playwright, Chromium)',
    playwright[0],
    [playwright[1], 'test', '--reporter=list,json'],
    { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }, prefix: 'e2e      | ' },
  );
  countPlaywright(ok, readJson(playwrightJson)?.stats);
}

// The build step is scripts/build.mjs: Vite builds the page, then it prints what the first screen
// loads and fails over the limit (scripts/renderer-size.mjs). It runs before the lanes, so the
// integration tests' own build (test/support/build.ts) finds it up to date and never empties
// dist/renderer under the web host Playwright drives.
let built = false;
if (!ensureChromium()) totals.failed += 1;
else
  built = await check('build the renderer', process.execPath, [
    join(root, 'scripts', 'build.mjs'),
    '--renderer',
    '--force',
  ]);
await Promise.all([vitestLane(), checksAndBrowserLane(built)]);

const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
// The suite's wall time, from before the build to the last lane's end: its budget is 10 minutes on
// two cores (docs/testing.md).
console.log(`\nnpm test: ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s wall time`);
console.log(line);
process.exit(totals.failed > 0 ? 1 : 0);

// `npm test`: type-check, lint, unit and integration tests (vitest), end-to-end tests (Playwright
// driving Debian's Chromium). Every step runs even if an earlier one failed, so one run shows
// everything that is wrong; the last line totals every suite: `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const USAGE = `usage: npm test
  --help, -h    print this and exit
Runs every suite in turn, each even if one before it failed: type-check (tsc -b), lint (eslint),
format (prettier --check), unit and integration tests (vitest), the renderer's build, end-to-end
tests (Playwright in Chromium; LEDGERSCOPE_CHROMIUM names another Chromium than /usr/bin/chromium).
The last line totals them: N passed, N failed, N skipped. It takes no other flag; one suite or
file: npm run test:unit -- <files>, npm run test:e2e -- <spec> (docs/testing.md).`;

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

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function bin(path) {
  return [process.execPath, join(root, 'node_modules', path)];
}

/** A step without test cases of its own (type-check, lint, build) counts as one check. */
function check(title, command, args) {
  const ok = run(title, command, args);
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

check('type-check', tsc[0], [tsc[1], '-b']);
check('lint', eslint[0], [eslint[1], '.']);
// Every file in the formatter's care is as Prettier writes it (.prettierrc.json); `npm run format` mends.
check('format', prettier[0], [prettier[1], '--check', '--log-level', 'warn', '.']);

const vitestJson = join(results, 'vitest.json');
const vitestOk = run('unit and integration tests (vitest)', vitest[0], [
  vitest[1],
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitestReport = readJson(vitestJson);
if (vitestReport) {
  totals.passed += vitestReport.numPassedTests;
  totals.failed += vitestReport.numFailedTests;
  totals.skipped += vitestReport.numPendingTests + vitestReport.numTodoTests;
  // A suite that failed to load has no failed test but must still fail the run.
  if (!vitestOk && vitestReport.numFailedTests === 0) totals.failed += 1;
} else if (!vitestOk) {
  totals.failed += 1;
}

// The build step is scripts/build.mjs: Vite builds the page, then it prints what the first screen
// loads and fails over the limit (scripts/renderer-size.mjs).
if (!ensureChromium()) {
  totals.failed += 1;
} else if (
  check('build the renderer', process.execPath, [join(root, 'scripts', 'build.mjs'), '--renderer', '--force'])
) {
  const playwrightJson = join(results, 'playwright.json');
  const e2eOk = run(
    'end-to-end tests (Playwright, Chromium)',
    playwright[0],
    [playwright[1], 'test', '--reporter=list,json'],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    },
  );
  const stats = readJson(playwrightJson)?.stats;
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
    if (!e2eOk && stats.unexpected === 0) totals.failed += 1;
  } else if (!e2eOk) {
    totals.failed += 1;
  }
}

const line = `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;
console.log(`\n${line}`);
process.exit(totals.failed > 0 ? 1 : 0);

// `npm test`: every check in order — type-check, lint, import rules (.dependency-cruiser.cjs), unit and component tests, server tests,
// browser end-to-end tests — then one summary line. Every step runs even when an earlier one
// fails, so a single run shows everything that is broken.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const bin = (name) => join(root, 'node_modules', '.bin', name);
const vitest = (project) => [bin('vitest'), ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${project}.json`)}`]];

const steps = [
  { name: 'typecheck', command: [bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']] },
  { name: 'lint', command: [bin('eslint'), ['.', '--max-warnings=0']] },
  { name: 'import rules', command: [bin('depcruise'), ['src', 'schemas', 'i18n', '--config', '.dependency-cruiser.cjs']] },
  { name: 'unit and component tests', command: vitest('unit'), report: 'unit.json' },
  { name: 'server tests', command: vitest('server'), report: 'server.json' },
  { name: 'browser end-to-end tests', command: [process.execPath, [join(root, 'scripts/e2e.mjs')]], report: 'e2e.json', needsBrowser: true },
];

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const failedTests = [];
const flakyTests = [];

// Vitest's JSON report (jest's shape): one entry per file, one assertion result per test.
function vitestFailures(data) {
  for (const file of data.testResults ?? []) {
    const path = file.name.replace(root, '');
    for (const test of file.assertionResults ?? []) {
      const found = { where: path, name: test.fullName ?? test.title, message: (test.failureMessages ?? []).join('\n') };
      if (test.status === 'failed') failedTests.push(found);
      // Passed on a second try (CI retries once): the first try's error is kept.
      else if (test.status === 'passed' && test.failureMessages?.length) flakyTests.push(found);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      failedTests.push({ where: path, name: '(the file itself)', message: file.message ?? '' });
    }
  }
}

// Playwright's JSON report: suites nest, each spec has tests, each test its tries.
function playwrightFailures(suites, file = '') {
  for (const suite of suites ?? []) {
    const where = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const failedTry = test.results?.find((result) => result.status !== 'passed' && result.status !== 'skipped');
        const found = { where, name: spec.title, message: failedTry?.error?.message ?? failedTry?.errors?.map((e) => e.message).join('\n') ?? '' };
        (test.status === 'flaky' ? flakyTests : failedTests).push(found);
      }
    }
    playwrightFailures(suite.suites, where);
  }
}

function countFrom(report) {
  const path = join(reports, report);
  if (!existsSync(path)) return;
  const data = JSON.parse(readFileSync(path, 'utf8'));
  if ('numPassedTests' in data) {
    vitestFailures(data);
    passed += data.numPassedTests;
    failed += data.numFailedTests;
    skipped += data.numPendingTests + (data.numTodoTests ?? 0);
  } else if (data.stats) {
    playwrightFailures(data.suites);
    passed += data.stats.expected + data.stats.flaky;
    failed += data.stats.unexpected;
    skipped += data.stats.skipped;
  }
}

for (const step of steps) {
  if (step.needsBrowser && !existsSync(chromium)) {
    const message = `Chromium was not found at ${chromium}: the browser end-to-end tests were NOT run.\n` +
      'Install it with `sudo apt-get install chromium` (or set CHROMIUM_PATH) and run `npm test` again.';
    console.error(`\n${'!'.repeat(78)}\n${message}\n${'!'.repeat(78)}\n`);
    if (process.env.CI === 'true') failures.push(`${step.name} (Chromium missing under CI)`);
    continue;
  }
  console.log(`\n▶ ${step.name}`);
  const [command, args] = step.command;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
  if (step.report) countFrom(step.report);
  if (result.status !== 0) failures.push(step.name);
}

console.log('');
// Tests that failed once and passed when tried again (to be made reliable), then the failed ones,
// last, so that a log read from its end names them and says why.
const report = (mark, test) => {
  console.log(`${mark} ${test.where} › ${test.name}`);
  for (const line of stripVTControlCharacters(test.message).split('\n').filter((l) => l.trim() && !/^\s*at .*(node_modules|node:internal|<anonymous>)/.test(l)).slice(0, 12)) console.log(`    ${line}`);
};
for (const test of flakyTests) report('~ passed on a second try:', test);
for (const test of failedTests) report('✗', test);
if (failures.length) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length ? 1 : 0);

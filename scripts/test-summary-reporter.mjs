// A node:test reporter for runs that nobody watches live (output captured or piped, CI): one line
// per test file, every failure with its error, the skip reasons counted, and the totals. The
// failures are named once more just above the totals, because a CI log is often read from its tail.
// Usage: node --test --test-reporter=./scripts/test-summary-reporter.mjs ...
import { relative } from 'node:path';

const root = process.cwd();
const show = (file) => (file === undefined ? '' : relative(root, file).replace(/^dist\//, '').replace(/\.js$/, '.ts'));

function errorText(error) {
  const cause = error?.cause ?? error;
  const text = typeof cause?.stack === 'string' ? cause.stack : String(cause?.message ?? cause);
  return text.split('\n').slice(0, 20).map((l) => `    ${l}`).join('\n');
}

function duration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export default async function* summaryReporter(source) {
  const skips = new Map();
  const totals = [];
  const failures = [];
  for await (const { type, data } of source) {
    switch (type) {
      case 'test:fail': {
        if (data.file !== undefined && data.name === data.file) break;
        // Parents fail with their subtests; the innermost failure carries the useful error.
        if (data.details?.error?.failureType === 'subtestsFailed') break;
        const failure = `✗ ${show(data.file)} › ${data.name}\n${errorText(data.details?.error)}\n`;
        failures.push(failure);
        yield `${failure}\n`;
        break;
      }
      case 'test:complete':
        if (data.file !== undefined && data.name === data.file) {
          // With several files at once, a file's end may be reported before its tests: no counts here.
          yield `${data.details?.passed === false ? '✗' : '✓'} ${show(data.file)} (${duration(data.details?.duration_ms ?? 0)})\n`;
        } else if (data.skip !== undefined || data.todo !== undefined) {
          const reason = typeof data.skip === 'string' ? data.skip : typeof data.todo === 'string' ? `todo: ${data.todo}` : 'skipped';
          skips.set(reason, (skips.get(reason) ?? 0) + 1);
        }
        break;
      case 'test:diagnostic':
        if (data.nesting === 0 && data.file === undefined) totals.push(data.message);
        break;
      default:
        break;
    }
  }
  if (skips.size > 0) {
    yield '\nskipped, by reason:\n';
    for (const [reason, n] of [...skips].sort((a, b) => b[1] - a[1])) yield `  ${String(n).padStart(4)} × ${reason}\n`;
  }
  if (failures.length > 0) {
    yield `\nfailed (${failures.length}):\n`;
    for (const failure of failures) yield failure;
  }
  const summary = totals.filter((m) => /^(tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) /.test(m));
  const ms = Number((summary.find((m) => m.startsWith('duration_ms ')) ?? '').slice('duration_ms '.length));
  yield `\n${summary.filter((m) => !m.startsWith('duration_ms ')).map((m) => `# ${m}`).join('\n')}\n# duration ${duration(ms)}\n`;
}

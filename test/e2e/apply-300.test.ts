/**
 * The generated directory of 300 mixed manifests (namespaces, a CRD and its objects, ConfigMaps,
 * Deployments) through the whole life cycle: applied client-side (full output golden, in input
 * order), re-applied (all unchanged), changed, diffed, applied server-side, pruned, deleted. The
 * transcript keeps the full first apply and a per-action count for the other steps.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { generateManifests } from '../fixtures/manifests/generate.js';
import { assertGolden, normalize, openWorkspace, runStep } from './writes-golden.js';

/** `configmap/x created` lines → `created: 207` counts, in first-seen order. */
function countActions(stdout: string): string {
  const counts = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    // `configmap/x created` and `configmap "x" deleted`.
    const m = /^\S+\/\S+ (.+)$/.exec(line) ?? /^\S+ "[^"]+" (.+)$/.exec(line);
    if (m !== null) counts.set(m[1] as string, (counts.get(m[1] as string) ?? 0) + 1);
  }
  return [...counts].map(([action, n]) => `  ${action}: ${n}\n`).join('');
}

test('300 generated manifests: apply, re-apply, change, diff, server-side, prune, delete', { timeout: 120_000 }, async () => {
  const ws = await openWorkspace();
  try {
    const base = await generateManifests(join(ws.dir, 'base'));
    await generateManifests(join(ws.dir, 'changed'), { variant: 'changed' });
    assert.equal(base.total, 300);
    let out = `generated: ${JSON.stringify(base.counts)}\n\n`;
    const summary = async (args: string[], note: string): Promise<{ code: number; stdout: string }> => {
      const text = await runStep(ws, { cli: args });
      const code = Number(/^exit: (\d+)$/m.exec(text)?.[1]);
      const stdout = text.slice(text.indexOf('--- stdout\n') + 11, text.indexOf('--- stderr\n'));
      const stderr = text.slice(text.indexOf('--- stderr\n') + 11);
      out += `# ${note}\n$ platformctl ${args.join(' ')}\nexit: ${code}\n${countActions(stdout)}--- stderr\n${stderr}`;
      return { code, stdout };
    };

    out += await runStep(ws, { cli: ['apply', '-R', '-f', 'base'], note: 'client-side apply of 300 objects: namespaces and the CRD first, results in input order' });
    const again = await summary(['apply', '-R', '-f', 'base'], 're-apply');
    assert.equal(again.code, 0);
    const serial = await summary(['apply', '-R', '-f', 'base', '--concurrency', '1'], 'one at a time gives the same results');
    assert.equal(serial.stdout, again.stdout);
    const change = await summary(['apply', '-R', '-f', 'changed'], 'a tenth of the ConfigMaps, Deployments and Widgets changed');
    assert.equal(change.code, 0);
    const diff = await runStep(ws, { cli: ['diff', '-R', '-f', 'base'] });
    const files = diff.match(/^diff -u -N /gm)?.length ?? 0;
    out += `# diff against the base manifests\n$ platformctl diff -R -f base\nexit: ${/^exit: (\d+)$/m.exec(diff)?.[1]}\n  objects that differ: ${files}\n\n`;
    const none = await runStep(ws, { cli: ['diff', '-R', '-f', 'changed'] });
    out += `$ platformctl diff -R -f changed\n${none.slice(none.indexOf('exit:'))}`;
    const ssa = await summary(['apply', '--server-side', '-R', '-f', 'changed'], 'server-side apply of the same directory');
    assert.equal(ssa.code, 0);
    await runStep(ws, { remove: ['base/apps/widgets.yaml'] });
    out += '(removed base/apps/widgets.yaml)\n\n';
    const prune = await summary(['apply', '-R', '-f', 'base', '--prune', '-l', 'set=generated', '--prune-allowlist=example.com/v1/Widget', '--prune-allowlist=core/v1/ConfigMap'], 'prune the widgets that are no longer in the files (every object is configured: the server-side apply rewrote each last-applied annotation from the changed files, as the API server does)');
    assert.equal(prune.code, 0);
    const del = await summary(['delete', '-R', '-f', 'base', '--wait=false'], 'delete everything that is left in the files');
    assert.equal(del.code, 0);
    await assertGolden('apply', 'generated-300', normalize(out, ws));
  } finally {
    await ws.close();
  }
});

/**
 * Differential test of the discovery commands against kubectl: kubectl talks to the same local
 * server through the rename proxy (which shows it `k8s.io` names), and its output, renamed back,
 * must equal ours byte for byte. Renaming changes the width of group names, so tables are
 * compared cell by cell and re-laid out with the tab writer's rule (column width = widest cell +
 * 3, at least 6; the last cell unpadded); the re-layout of kubectl's own cells is first checked
 * to reproduce kubectl's text exactly. Skipped, with the reason printed, without kubectl.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli.js';
import { kubectlSkipReason, RENAME_PROXY as PROXY, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const skip = kubectlSkipReason() ?? false;
if (skip !== false) console.log(`# skipping the kubectl differential test of the discovery commands: ${skip}`);

/** The cells of a tab-writer table, cut at the positions of the header's column names. */
function cells(text: string): string[][] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const header = lines[0] ?? '';
  const starts: number[] = [];
  for (const m of header.matchAll(/\S+/g)) starts.push(m.index);
  return lines.map((line) => starts.map((s, i) => line.slice(s, starts[i + 1] ?? line.length).trimEnd()));
}

/** Lays cells out as kubectl's tab writer does (min width 6, padding 3, last cell unpadded). */
function layout(rows: readonly string[][]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((c, i) => {
    if (i < row.length - 1) widths[i] = Math.max(widths[i] ?? 6, [...c].length + 3);
  });
  return rows.map((row) => row.map((c, i) => (i < row.length - 1 ? c.padEnd(widths[i] ?? 0) : c)).join('') + '\n').join('');
}

describe('discovery commands: byte for byte as kubectl (through the rename proxy)', { skip }, () => {
  let server: TestServer;
  let proxied: ProxiedKubectl;
  let home: string;
  let ourEnv: Record<string, string>;
  let toPlatform: (s: string) => string;

  const kubectl = async (...args: string[]): Promise<string> => {
    const r = await proxied.run(args);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  };
  const ours = async (...args: string[]): Promise<string> => {
    const r = await runCli(args, { env: ourEnv, home: join(home, 'ours'), cwd: home });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    return r.stdout;
  };
  /** kubectl's table renamed cell by cell and laid out again; checks the layout rule on kubectl's own text first. */
  const renamedTable = (kubectlText: string): string => {
    const rows = cells(kubectlText);
    assert.equal(layout(rows), kubectlText, 'the re-layout of kubectl\'s own cells reproduces its text');
    return layout(rows.map((row) => row.map(toPlatform)));
  };

  before(async () => {
    ({ toPlatform } = (await import(PROXY)) as { toPlatform: (s: string) => string });
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'platformctl-discovery-kubectl-'));
    proxied = await startProxiedKubectl(server, { NO_COLOR: '1' });
    ourEnv = { PLATFORMCONFIG: await writeTestKubeconfig(server, join(home, 'ours')), HOME: join(home, 'ours') };
  });

  after(async () => {
    await proxied.close();
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('api-resources', async () => {
    assert.equal(await ours('api-resources'), renamedTable(await kubectl('api-resources')));
  });

  test('api-resources -o wide', async () => {
    assert.equal(await ours('api-resources', '-o', 'wide'), renamedTable(await kubectl('api-resources', '-o', 'wide')));
  });

  test('api-resources with filters and sorting', async () => {
    for (const args of [['--namespaced=false', '--sort-by=kind'], ['--sort-by=name', '-o', 'wide'], ['--verbs=list,watch', '--namespaced=true']]) {
      assert.equal(await ours('api-resources', ...args), renamedTable(await kubectl('api-resources', ...args)), args.join(' '));
    }
  });

  test('api-resources -o name', async () => {
    assert.equal(await ours('api-resources', '-o', 'name'), toPlatform(await kubectl('api-resources', '-o', 'name')));
  });

  test('api-versions', async () => {
    assert.equal(await ours('api-versions'), toPlatform(await kubectl('api-versions')));
  });
});

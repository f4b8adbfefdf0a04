#!/usr/bin/env node
// Everyday commands: platformctl against the local server, kubectl against the same server through
// the rename proxy (an extra hop that counts against kubectl), interleaved A/B, median of N runs,
// with and without NODE_EXTRA_CA_CERTS. The floor is what no Node client can beat: Node's own
// start-up plus one TLS handshake and one request (`floor` below), printed next to each command.
// With --cpu (and `perf` on PATH) each run also reports its CPU time (perf stat's task-clock, all
// threads), which a machine shared with other work disturbs much less than wall time.
// Ours runs as an installed platformctl does: bin/platformctl executed (its sh line, then Node from
// PATH, which starts with the Node running this script).
// Usage: node bench/everyday.mjs [--runs N] [--only SUBSTRING] [--no-extra-ca] [--cpu] [--each-node] [--helper]
//   --each-node  then again under every other Node line installed (bench/lib.mjs benchNodes)
//   --helper     ours with the resident helper on (PLATFORM_HELPER, its own HOME; the warm-up runs
//                start it), stopped at the end
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { alsoUnderEachNode, benchEnv, bin, HAS_PERF, hasKubectl, kubeconfigText, median, report, root, runOnce, startRenameProxy, startServerProcess } from './lib.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = Number(arg('--runs', '11'));
const only = arg('--only', '');
const extraCa = process.env.NODE_EXTRA_CA_CERTS ?? (existsSync('/etc/ssl/certs/ca-certificates.crt') ? '/etc/ssl/certs/ca-certificates.crt' : undefined);
const withExtraCa = !process.argv.includes('--no-extra-ca') && extraCa !== undefined;
const withCpu = process.argv.includes('--cpu') && HAS_PERF;
const withHelper = process.argv.includes('--helper');

const dir = mkdtempSync(join(tmpdir(), 'everyday-'));
const { child: server, info } = await startServerProcess();
const children = [server];
const helperHome = join(dir, 'home');
mkdirSync(helperHome, { mode: 0o700 });
const cleanup = () => {
  for (const c of children) c.kill('SIGTERM');
  if (withHelper) spawnSync('pkill', ['-TERM', '-f', `__helper ${helperHome}/`]);
  rmSync(dir, { recursive: true, force: true });
};
process.on('exit', cleanup);

const caFile = join(dir, 'ca.crt');
writeFileSync(caFile, info.caPem);
const ourConfig = join(dir, 'platform-config');
writeFileSync(ourConfig, kubeconfigText(info.url, `    certificate-authority: ${caFile}`, info.token), { mode: 0o600 });

const kubectl = hasKubectl();
let kubeConfig;
if (kubectl) {
  const proxy = await startRenameProxy(info.url, join(dir, 'proxy-certs'));
  children.push(proxy.child);
  kubeConfig = join(dir, 'kube-config');
  writeFileSync(kubeConfig, kubeconfigText(`https://127.0.0.1:${proxy.port}`, '    insecure-skip-tls-verify: true', info.token), { mode: 0o600 });
}

/** Runs a setup command once with our CLI; setup failures abort the benchmark. */
function setup(args, input) {
  const r = spawnSync(process.execPath, [bin, ...args], { env: benchEnv({ PLATFORMCONFIG: ourConfig }), input, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`setup ${args.join(' ')}: ${r.stderr}`);
}
setup(['create', 'namespace', 'acc']);
setup(['create', 'configmap', 'alpha', '-n', 'acc', '--from-literal=a=1']);
for (let i = 0; i < 20; i++) setup(['create', 'configmap', `item-${i}`, '-n', 'acc', '--from-literal=k=v']);
setup(['apply', '-f', join(root, 'examples', 'quickstart')]);
const oneFile = join(dir, 'one.yaml');
writeFileSync(oneFile, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\n  namespace: acc\ndata:\n  a: "1"\n');
const switchConfig = (name) => {
  const p = join(dir, `${name}-switch-config`);
  writeFileSync(p, `apiVersion: v1\nkind: Config\nclusters: []\nusers: []\ncontexts:\n- name: a\n  context: {cluster: c, user: u}\n- name: b\n  context: {cluster: c, user: u}\ncurrent-context: a\n`, { mode: 0o600 });
  return p;
};
const ourSwitch = switchConfig('ours');
const kubeSwitch = switchConfig('kube');

// Each case: the command line (ours; kubectl's is the same words), an optional per-run preparation
// (unmeasured) and the config it uses.
const cases = [
  { what: 'version --client', args: ['version', '--client'], local: true },
  { what: 'version', args: ['version'] },
  { what: 'get cm alpha -n acc', args: ['get', 'cm', 'alpha', '-n', 'acc'] },
  { what: 'get cm -n acc (21 rows)', args: ['get', 'cm', '-n', 'acc'] },
  { what: 'get ns', args: ['get', 'ns'] },
  { what: 'get cm alpha -o json', args: ['get', 'cm', 'alpha', '-n', 'acc', '-o', 'json'] },
  { what: 'describe cm alpha', args: ['describe', 'cm', 'alpha', '-n', 'acc'] },
  { what: 'describe deploy', args: ['describe', 'deploy', '-n', 'demo'] },
  { what: 'apply -f one file', args: ['apply', '-f', oneFile] },
  { what: 'delete cm', args: ['delete', 'cm', 'gone', '-n', 'acc'], prepare: ['create', 'configmap', 'gone', '-n', 'acc'] },
  { what: 'auth can-i get pods', args: ['auth', 'can-i', 'get', 'pods'] },
  { what: 'auth whoami', args: ['auth', 'whoami'] },
  { what: 'api-resources', args: ['api-resources'] },
  { what: 'config use-context', args: ['config', 'use-context', 'b'], ourConfig: ourSwitch, kubeConfig: kubeSwitch, local: true },
].filter((c) => c.what.includes(only));

// The floors: Node start-up, one TLS handshake, one GET with the token. `floorScript` lets Node
// verify the server against the cluster CA (which makes it parse its bundled root store, ~17 ms);
// `bareFloorScript` verifies nothing (an empty trust list), the least any Node client can pay, and
// what each command is compared with (ours checks the chain without the root store).
const floorScript = join(dir, 'floor.mjs');
const bareFloorScript = join(dir, 'floor-bare.mjs');
const floorSource = (tls) => `
import https from 'node:https';
import { readFileSync } from 'node:fs';
const ca = readFileSync(${JSON.stringify(caFile)});
https.get(${JSON.stringify(`${info.url}/api/v1/namespaces/acc/configmaps/alpha`)}, { ${tls}, headers: { authorization: 'Bearer ${info.token}' } }, (res) => { res.resume(); res.on('end', () => {}); });
`;
writeFileSync(floorScript, floorSource('ca'));
writeFileSync(bareFloorScript, floorSource('ca: [], rejectUnauthorized: false'));

/** CPU milliseconds of each timed run, by command line, when --cpu is given. */
const cpuTimes = new Map();

function timeOnce(cmd, args, env, prepare) {
  if (prepare !== undefined) prepare();
  const { wall, cpu } = runOnce(cmd, args, { env, cpu: withCpu });
  if (cpu !== undefined) {
    const key = `${cmd} ${args.join(' ')}`;
    cpuTimes.set(key, [...(cpuTimes.get(key) ?? []), cpu]);
  }
  return wall;
}

/** Median CPU ms of the last `n` runs of a command line, as text (empty without --cpu). */
function cpuText(cmd, args, n) {
  const all = cpuTimes.get(`${cmd} ${args.join(' ')}`);
  if (!withCpu || all === undefined) return '';
  return `cpu ${median(all.slice(-n).sort((x, y) => x - y)).toFixed(0).padStart(4)} ms`;
}

function measureSet(label, extraEnv) {
  const helperEnv = withHelper ? { PLATFORM_HELPER: '10m', HOME: helperHome } : {};
  const ourEnv = (c) => benchEnv({ PLATFORMCONFIG: c.ourConfig ?? ourConfig, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...helperEnv, ...extraEnv });
  const kubeEnv = (c) => benchEnv({ KUBECONFIG: c.kubeConfig ?? kubeConfig, ...extraEnv });
  const floor = [];
  const bareFloor = [];
  for (let i = 0; i < runs + 2; i++) {
    const ms = timeOnce(process.execPath, [floorScript], benchEnv(extraEnv));
    const bareMs = timeOnce(process.execPath, [bareFloorScript], benchEnv(extraEnv));
    if (i < 2) continue;
    floor.push(ms);
    bareFloor.push(bareMs);
  }
  const verifiedFloorMs = median(floor.sort((a, b) => a - b));
  const floorMs = median(bareFloor.sort((a, b) => a - b));
  const bare = [];
  for (let i = 0; i < runs + 2; i++) {
    const ms = timeOnce(process.execPath, ['-e', '0'], benchEnv(extraEnv));
    if (i >= 2) bare.push(ms);
  }
  const bareMs = median(bare.sort((a, b) => a - b));
  const rows = [
    { what: 'node -e 0', value: `${bareMs.toFixed(0)} ms` },
    { what: 'floor (node + TLS + 1 request)', value: `${floorMs.toFixed(0)} ms (${verifiedFloorMs.toFixed(0)} ms when Node verifies the CA)` },
  ];
  const ratios = [];
  const overGoal = [];
  for (const c of cases) {
    const a = [];
    const b = [];
    const prepOurs = c.prepare === undefined ? undefined : () => setup(c.prepare);
    const prepKube = c.prepare === undefined ? undefined : () => setup(c.prepare);
    const reset = c.ourConfig === undefined ? undefined : () => {
      writeFileSync(c.ourConfig, `apiVersion: v1\nkind: Config\nclusters: []\nusers: []\ncontexts:\n- name: a\n  context: {cluster: c, user: u}\n- name: b\n  context: {cluster: c, user: u}\ncurrent-context: a\n`);
      writeFileSync(c.kubeConfig, `apiVersion: v1\nkind: Config\nclusters: []\nusers: []\ncontexts:\n- name: a\n  context: {cluster: c, user: u}\n- name: b\n  context: {cluster: c, user: u}\ncurrent-context: a\n`);
    };
    // Two unmeasured warm-up rounds fill the discovery caches of both tools.
    for (let i = 0; i < runs + 2; i++) {
      reset?.();
      const ta = timeOnce(bin, c.args, ourEnv(c), prepOurs);
      const tb = kubectl ? timeOnce('kubectl', c.args, kubeEnv(c), prepKube) : undefined;
      if (i < 2) continue;
      a.push(ta);
      if (tb !== undefined) b.push(tb);
    }
    const ma = median(a.sort((x, y) => x - y));
    const mb = kubectl ? median(b.sort((x, y) => x - y)) : undefined;
    const ratio = mb === undefined ? undefined : ma / mb;
    if (ratio !== undefined) ratios.push(ratio);
    if (ratio !== undefined && ratio > 1.3) overGoal.push(c.what);
    const cpu = withCpu ? `   (${cpuText(bin, c.args, runs)}` + (kubectl ? ` vs ${cpuText('kubectl', c.args, runs)})` : ')') : '';
    rows.push({
      what: c.what,
      value: `ours ${ma.toFixed(0).padStart(4)} ms` + (mb === undefined ? '' : `   kubectl ${mb.toFixed(0).padStart(4)} ms   ratio ${ratio.toFixed(2)}x`) + (c.local === true ? `   node +${(ma - bareMs).toFixed(0)} ms` : `   floor +${(ma - floorMs).toFixed(0)} ms`) + cpu,
    });
  }
  const notes = [`median of ${runs} interleaved runs; ${label}; ${withHelper ? 'ours through the resident helper; ' : ''}kubectl through the rename proxy${withCpu ? '; wall times include starting perf' : ''}`];
  if (ratios.length > 0) {
    const geomean = Math.exp(ratios.reduce((sum, r) => sum + Math.log(r), 0) / ratios.length);
    notes.push(`worst ratio ${Math.max(...ratios).toFixed(2)}x, best ${Math.min(...ratios).toFixed(2)}x, geometric mean ${geomean.toFixed(2)}x; over 1.3x: ${overGoal.join(', ') || 'none'}`);
  }
  report(`everyday${withHelper ? '-helper' : ''}${extraEnv.NODE_EXTRA_CA_CERTS === undefined ? '' : '-extra-ca'}`, rows, notes);
}

measureSet('NODE_EXTRA_CA_CERTS unset', {});
if (withExtraCa) measureSet(`NODE_EXTRA_CA_CERTS=${extraCa}`, { NODE_EXTRA_CA_CERTS: extraCa });
cleanup();
process.exit(alsoUnderEachNode(fileURLToPath(import.meta.url)));

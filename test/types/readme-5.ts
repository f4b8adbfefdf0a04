import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { loadClient } from 'platformctl';

const client = await loadClient();
const pods = client.pods();
const name = (await pods.list({ labelSelector: 'app=hello' })).items[0]?.metadata?.name;
if (name === undefined) throw new Error('no pod with app=hello: apply the Deployment first');

// cp: a local file into the container and back (copyTo/copyFrom take directories too).
const dir = await mkdtemp(join(tmpdir(), 'sdk-cp-'));
await writeFile(join(dir, 'note.txt'), 'copied both ways\n');
const remote = `/tmp/${basename(dir)}.txt`;
await pods.copyTo(name, join(dir, 'note.txt'), remote);
await pods.copyFrom(name, remote, join(dir, 'back.txt'));
console.log(await readFile(join(dir, 'back.txt'), 'utf8'));
await pods.exec(name, ['rm', remote], { stderr: process.stderr }); // tidy up, there and here
await rm(dir, { recursive: true });

// Health: pass or fail, and each check of a verbose answer.
const ready = await client.health.readyz({ verbose: true, exclude: ['etcd'] });
console.log('ready', ready.ok, ready.checks.filter((c) => c.ok).length, 'checks passed');

// top: PodMetrics and NodeMetrics (the metrics API; a new pod's usage comes after a few seconds).
if (await client.metrics.available()) {
  for (const m of await client.metrics.nodes()) console.log('node', m.metadata?.name, 'cpu', m.usage?.cpu);
}

import { readFile } from 'node:fs/promises';
import { applyManifests, loadClient, parseManifests, toYaml } from 'platformctl';

const client = await loadClient();
const manifests = await parseManifests(await readFile('app.yaml', 'utf8'), { source: 'app.yaml' });
const results = await applyManifests(client, manifests, { namespace: client.namespace, serverSide: true });
for (const r of results) console.log(r.description, r.action ?? r.error);
console.log(toYaml(results[0]?.object));

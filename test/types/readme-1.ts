import { loadClient } from 'platformctl';

const client = await loadClient({ namespace: 'default' }); // also: context, kubeconfig
const created = await client.configMaps().create({
  metadata: { name: 'settings', labels: { app: 'web' } },
  data: { mode: 'fast' },
});
console.log('created', created.metadata?.name, created.metadata?.uid);
await client.configMaps().patch('settings', { data: { mode: 'slow' } });
const cm = await client.configMaps().get('settings');
console.log('mode', cm.data?.mode);
await client.configMaps().delete('settings');
// Any served kind, custom resources included, by the names users type (through discovery):
const deployments = await client.resourceFor('deploy');
console.log('deployments', (await deployments.list()).items.length);

import { loadClient } from 'platformctl';

const client = await loadClient({ namespace: 'default' }); // also: context, kubeconfig
const created = await client.configMaps().create({
  metadata: { name: 'settings', labels: { app: 'web' } },
  data: { mode: 'fast' },
});
console.log(created.metadata?.uid);
await client.configMaps().patch('settings', { data: { mode: 'slow' } });
const cm = await client.configMaps().get('settings');
console.log(cm.data?.mode);
// Any served kind, custom resources included, by the names users type (through discovery):
const widgets = await client.resourceFor('widgets.example.com');
console.log((await widgets.list()).items.length);

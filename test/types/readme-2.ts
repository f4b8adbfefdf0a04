import { loadClient, watch } from 'platformctl';

const client = await loadClient();
const stop = new AbortController();
setTimeout(() => stop.abort(), 60_000);
for await (const event of watch(client.pods(), { labelSelector: 'app=web', signal: stop.signal })) {
  if (event.type === 'ERROR') continue; // here event.object is a Status
  console.log(event.type, event.object.metadata?.name, event.object.status?.phase);
}

import { loadClient } from 'platformctl';

const client = await loadClient();
const signal = AbortSignal.timeout(60_000); // or an AbortController's: the watch then ends quietly
for await (const event of client.pods().watch({ labelSelector: 'app=hello', signal })) {
  if (event.type === 'ERROR') continue; // here event.object is a Status
  const ready = event.object.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True');
  console.log(event.type, event.object.metadata?.name, event.object.status?.phase, ready ? 'ready' : 'not ready');
  if (ready) break;
}

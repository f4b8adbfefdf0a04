import { loadClient, StatusError, TransportError } from 'platformctl';

const client = await loadClient();
await client.deployments().delete('hello'); // the Deployment of the snippets above
try {
  await client.deployments().get('hello', { signal: AbortSignal.timeout(5_000) });
} catch (err) {
  if (err instanceof StatusError && err.reason === 'NotFound') console.log('no such deployment');
  else if (err instanceof TransportError) console.log('cannot reach the server:', err.message);
  else throw err;
}

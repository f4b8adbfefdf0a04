import { loadClient, StatusError, TransportError } from 'platformctl';

const client = await loadClient();
try {
  await client.configMaps().get('missing', { signal: AbortSignal.timeout(5_000) });
} catch (err) {
  if (err instanceof StatusError && err.reason === 'NotFound') console.log('no such config map');
  else if (err instanceof TransportError) console.log('cannot reach the server:', err.message);
  else throw err;
}

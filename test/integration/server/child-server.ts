/**
 * A local server in a child process for the durability test: started on a data directory, it
 * prints its URL, CA and token as one JSON line, and exits on SIGTERM after a graceful stop.
 */
import { startServer } from '../../../src/server/index.js';

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: child-server.js DATA_DIR');
const server = await startServer({ dataDir, port: 0 });
process.stdout.write(`${JSON.stringify({ url: server.url, caPem: server.caPem, adminToken: server.adminToken })}\n`);
process.once('SIGTERM', () => {
  void server.stop().then(() => process.exitCode = 0);
});

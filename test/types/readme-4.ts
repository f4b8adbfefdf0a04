import { loadClient } from 'platformctl';

const client = await loadClient();
const pods = client.pods();

// Port-forward to the Deployment's pod: a local port (0: any free one) to the pod's port 8080.
const forward = await client.portForward({ kind: 'deployment', name: 'hello', ports: [{ local: 0, remote: 8080 }], addresses: ['127.0.0.1'] });
const response = await fetch(`http://127.0.0.1:${forward.ports[0]?.local}/`);
console.log(await response.text());
await forward.close();
const name = forward.pod;

// Logs, line by line (`follow: true` streams on until the container ends or `signal` aborts).
for await (const line of pods.logLines(name, { tailLines: 10 })) console.log('log:', line);

// Exec: a command in the pod's container; its exit code is the result's.
const { exitCode } = await pods.exec(name, ['node', '-e', 'console.log(process.pid)'], { stdout: process.stdout, stderr: process.stderr });
console.log('exit code', exitCode);

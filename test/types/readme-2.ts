import { applyManifests, loadClient, parseManifests } from 'platformctl';

const manifests = await parseManifests(`
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello
spec:
  replicas: 1
  selector:
    matchLabels: { app: hello }
  template:
    metadata:
      labels: { app: hello }
    spec:
      containers:
      - name: hello
        image: hello:1.0  # recorded, not pulled: the command below runs as a process
        command:
        - node
        - -e
        - |
          require('node:http').createServer((req, res) => {
            console.log(req.method, req.url);
            res.end('hello from ' + process.env.HOSTNAME);
          }).listen(8080, process.env.POD_IP, () => console.log('listening on 8080'));
        env:
        - name: POD_IP
          valueFrom: { fieldRef: { fieldPath: status.podIP } }
        ports:
        - containerPort: 8080
        readinessProbe:
          tcpSocket: { port: 8080 }
          periodSeconds: 1
`, { source: 'hello.yaml' });
const client = await loadClient();
const results = await applyManifests(client, manifests, { serverSide: true }); // into the client's namespace
for (const r of results) console.log(r.description, r.action ?? r.error);

/**
 * Golden transcripts of what platformctl does beyond kubectl: `blame`, `diff --ignore-path`,
 * `wait --fail-on`, and the config ergonomics (`use-context -`, `use-namespace`, `import`, the
 * per-shell context), each against a fresh local server with a fixed clock.
 */
import { test } from 'node:test';
import { assertGolden, transcript } from './writes-golden.js';

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web}\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: registry.example/web:1.0\n        args: [--port, "8080"]\n';

test('blame golden', async () => {
  const text = await transcript({
    name: 'blame',
    files: { 'deploy.yaml': DEPLOYMENT },
    steps: [
      { cli: ['apply', '--server-side', '-f', 'deploy.yaml'] },
      { cli: ['scale', 'deployment/web', '--replicas=3'] },
      { cli: ['label', 'deployment/web', 'tier=front'] },
      { cli: ['blame', 'deployment/web'] },
      { cli: ['blame', 'deployment', 'web', '--manager=platformctl'], note: 'only the fields one manager owns' },
      { cli: ['blame', 'deployment/web', '--field=.spec.template.spec.containers[0]', '-o', 'json'] },
      { cli: ['blame', 'deployment/web', '--field=spec.replicas', '-o', 'yaml'] },
      { cli: ['blame', 'deployment/nope'] },
      { cli: ['blame', 'deployment/web', '-o', 'wide'] },
      { cli: ['blame'] },
    ],
  });
  await assertGolden('beyond', 'blame', text);
});

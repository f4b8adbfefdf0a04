/**
 * The `create <kind> NAME` generator cases: every generator with its main flag combinations and
 * its error cases. The golden test (create-generators.test.ts) runs them against the local server
 * and compares with test/golden/create/generators-*.txt; the differential test
 * (create-generators-kubectl.test.ts) runs each case through stock kubectl too and compares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './writes-golden.js';

/** One invocation of a generator scenario. */
export interface GeneratorStep {
  cli: string[];
  note?: string;
  /**
   * Why kubectl's output is not compared for this step (it changes server state the next steps
   * read, or it differs for a documented reason); compared when absent.
   */
  notCompared?: string;
  /** Random parts of the output (masked in the golden file and before comparing); `$1` is kept. */
  random?: RegExp[];
  /** Parts that differ from kubectl's for a documented reason (masked before comparing only); `$1` is kept. */
  mask?: RegExp[];
}

/** A group of generator invocations sharing one server and working directory. */
export interface GeneratorScenario {
  name: string;
  /** Files in the working directory of both CLIs. */
  files: Record<string, string>;
  steps: GeneratorStep[];
}

const FIXTURES = join(REPO_ROOT, 'test', 'fixtures', 'create');

function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** The files of every scenario: a certificate and its key, another pair, a docker config and a directory. */
export function generatorFiles(): Record<string, string> {
  return {
    'tls.crt': fixture('tls.crt'),
    'tls.key': fixture('tls.key'),
    'other.crt': fixture('other.crt'),
    'other.key': fixture('other.key'),
    'docker/config.json': '{"auths":{"registry.example.com":{"auth":"dTpw"}}}\n',
    'props/app.properties': 'color=blue\nsize=2\n',
    'props/log.properties': 'level=debug\n',
  };
}

const CLIENT = ['--dry-run=client', '-o', 'yaml'];

/** The random suffix kubectl gives container names made from images with `.` or `_`. */
const RANDOM_CONTAINER_SUFFIX = /(my-app-v2)-[bcdfghjklmnpqrstvwxz2456789]{5}/g;
/** A content hash of a Secret whose type is renamed (`platform.io/...`), so its hash differs from kubectl's. */
const RENAMED_TYPE_HASH = /(registry|site)-[a-z0-9]{10}\b/g;
const SERVER_STATE = 'creates an object that the following steps read; kubectl would find it there already';
const GROUP_HELP = "a command group's help (its layout, stream and exit code) is the command framework's, compared by the --help walk";

/** `text` with each pattern's match replaced by its first group and `-<masked>`. */
export function applyMasks(text: string, patterns: readonly RegExp[]): string {
  return patterns.reduce((t, re) => t.replace(re, '$1-<masked>'), text);
}

/** The scenarios, one golden file each. */
export const GENERATOR_SCENARIOS: GeneratorScenario[] = [
  {
    name: 'generators-workloads',
    files: generatorFiles(),
    steps: [
      { cli: ['create', 'deployment', 'web', '--image=nginx', ...CLIENT] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--image=busybox:1.36', '--port=8080', '-r', '3', ...CLIENT], note: 'a container per image, named after it; --port on the first' },
      { cli: ['create', 'deploy', 'web', '--image=registry.example.com/my_app.v2:1.0', ...CLIENT], note: '_ and . in the image name: a sanitized name with a random suffix', random: [RANDOM_CONTAINER_SUFFIX] },
      { cli: ['create', 'deployment', 'web', '--image=busybox', '-n', 'team-a', ...CLIENT, '--', 'sh', '-c', 'sleep 1'], note: 'the command after --; -n puts the namespace in the object' },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--dry-run=client', '-o', 'json', '--save-config'], note: 'client -o json and the last-applied annotation in Go field order' },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--dry-run=client'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--dry-run=client', '-o', 'name'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--dry-run=server'] },
      { cli: ['create', 'deployment', 'web'], note: 'cobra checks required flags first' },
      { cli: ['create', 'deployment', '--image=nginx'] },
      { cli: ['create', 'deployment', 'web', 'extra', '--image=nginx'] },
      { cli: ['create', 'deployment', 'web', '--image=a', '--image=b', '--', 'date'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--replicas=abc'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--port=99999999999'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--dry-run=maybe'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '--validate=sometimes'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx', '-o', 'wide', '--dry-run=client'] },
      { cli: ['create', 'job', 'once', '--image=busybox', ...CLIENT, '--', 'date'] },
      { cli: ['create', 'job', 'once', '--image=busybox', '--dry-run=client', '-o', 'json'] },
      { cli: ['create', 'job', 'once', ...CLIENT] },
      { cli: ['create', 'job', 'once', '--image=busybox', '--from=cronjob/nightly'] },
      { cli: ['create', 'cronjob', 'nightly', '--image=busybox', '--schedule=0 3 * * *', ...CLIENT, '--', 'date'] },
      { cli: ['create', 'cj', 'nightly', '--image=busybox', '--schedule=*/5 * * * *', '--restart=Never', '-n', 'team-a', '--dry-run=client', '-o', 'json'] },
      { cli: ['create', 'cronjob', 'nightly', '--image=busybox', '--schedule=0 3 * * *', '--dry-run=client', '-o', 'yaml', '--save-config'] },
      { cli: ['create', 'cronjob', 'nightly'], note: 'both required flags are named' },
      { cli: ['create', 'cronjob', 'nightly', '--image=busybox', '--schedule=* * * * *', '--', 'echo', 'hi'], notCompared: SERVER_STATE },
      { cli: ['create', 'deployment', 'app', '--image=nginx'], notCompared: SERVER_STATE },
      { cli: ['create', 'deployment', 'app', '--image=nginx'], note: 'an object that exists', notCompared: 'kubectl does not find it: it was created by us in the previous step' },
      { cli: ['create', 'job', 'manual', '--from=cronjob/nightly', ...CLIENT], note: "the cron job's template, annotated and owned by it" },
      { cli: ['create', 'job', 'manual', '--from=cj/nightly', '--dry-run=client', '-o', 'json', '--save-config', '-n', 'default'], note: 'the typed copy of the spec, in Go field order' },
      { cli: ['create', 'job', 'manual', '--from=cronjob/nightly', '--dry-run=server', '-o', 'name'] },
      { cli: ['create', 'job', 'manual', '--from=cronjob/absent'] },
      { cli: ['create', 'job', 'manual', '--from=deployment/app'] },
      { cli: ['create', 'job', 'manual', '--from=cronjob'] },
      { cli: ['create', 'job', 'manual', '--from=cronjob/nightly', '--', 'date'] },
      { cli: ['create', 'job', 'manual', '--from=cronjob/nightly'], notCompared: SERVER_STATE },
      { cli: ['get', 'job', 'manual', '-o', 'jsonpath={.metadata.annotations}{"\\n"}{.metadata.ownerReferences[0].kind}{"\\n"}'], notCompared: 'reads the job the previous step created' },
    ],
  },
  {
    name: 'generators-services',
    files: generatorFiles(),
    steps: [
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=5678:8080', '--tcp=80:http', ...CLIENT] },
      { cli: ['create', 'svc', 'clusterip', 'web', '--clusterip=None', ...CLIENT], note: 'headless: no ports needed' },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=80', '--dry-run=client', '-o', 'json', '--save-config'], note: "kubectl's service generators ignore --save-config" },
      { cli: ['create', 'service', 'nodeport', 'web', '--tcp=80:8080', '--node-port=30080', ...CLIENT] },
      { cli: ['create', 'service', 'loadbalancer', 'web', '--tcp=443:8443', '-n', 'team-a', ...CLIENT] },
      { cli: ['create', 'service', 'externalname', 'web', '--external-name=db.example.com', ...CLIENT] },
      { cli: ['create', 'service', 'externalname', 'web', '--external-name', 'db.example.com', '--tcp=5432', '--dry-run=client', '-o', 'json'] },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=5678:8080', '--dry-run=server', '-o', 'name'] },
      { cli: ['create', 'service', 'clusterip', 'web', ...CLIENT] },
      { cli: ['create', 'service', 'externalname', 'web', ...CLIENT] },
      { cli: ['create', 'service', 'externalname', 'web', '--external-name=Not_A_Name', ...CLIENT] },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=http:80', ...CLIENT] },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=70000', ...CLIENT] },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=80:0', ...CLIENT] },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=80:Bad--Port-Name-Too-Long', ...CLIENT] },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=80', '--tcp=81'], notCompared: SERVER_STATE },
      { cli: ['create', 'service', 'clusterip', 'web', '--tcp=80'], note: 'an object that exists', notCompared: 'kubectl does not find it: it was created by us in the previous step' },
      { cli: ['create', 'service'], note: 'the group prints its help', notCompared: GROUP_HELP },
    ],
  },
  {
    name: 'generators-rbac',
    files: generatorFiles(),
    steps: [
      { cli: ['create', 'role', 'pod-reader', '--verb=get', '--verb=list', '--verb=watch', '--resource=pods', ...CLIENT] },
      { cli: ['create', 'role', 'mixed', '--verb=get,list', '--verb=get', '--resource=pods,deployments,rs.apps,pods/status', '--resource-name=a', '--resource-name=b', '--resource-name=a', ...CLIENT], note: 'one rule per API group; short names and groups resolved through discovery; repeats dropped' },
      { cli: ['create', 'role', 'all', '--verb=get', '--verb=*', '--resource=*', '-n', 'team-a', ...CLIENT] },
      { cli: ['create', 'role', 'binder', '--verb=bind,escalate', '--resource=roles,clusterroles', ...CLIENT] },
      { cli: ['create', 'role', 'impersonator', '--verb=impersonate', '--resource=users,groups,serviceaccounts', ...CLIENT] },
      { cli: ['create', 'role', 'odd', '--verb=frobnicate', '--resource=pods', ...CLIENT], note: 'a verb kubectl does not know: a warning' },
      { cli: ['create', 'role', 'pod-reader', '--verb=get', '--resource=pods', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'role', 'bad', '--verb=get', '--resource=nosuchthings', ...CLIENT] },
      { cli: ['create', 'role', 'bad', '--verb=bind', '--resource=pods', ...CLIENT] },
      { cli: ['create', 'role', 'bad', '--resource=pods', ...CLIENT] },
      { cli: ['create', 'role', 'bad', '--verb=get', ...CLIENT] },
      { cli: ['create', 'role', 'bad', '--verb=get', '--resource=.apps', ...CLIENT] },
      { cli: ['create', 'role', 'pod-reader', '--verb=get', '--resource=pods', '--dry-run=server'] },
      { cli: ['create', 'clusterrole', 'reader', '--verb=get,list', '--resource=pods,nodes', '--non-resource-url=/logs/*', '--non-resource-url=/healthz', ...CLIENT] },
      { cli: ['create', 'clusterrole', 'logs', '--verb=get', '--non-resource-url=/logs/*', ...CLIENT] },
      { cli: ['create', 'clusterrole', 'monitoring', '--aggregation-rule=rbac.example.com/aggregate-to-monitoring=true', '--aggregation-rule=tier=ops', ...CLIENT], note: 'an aggregation rule and no rules (rules: null)' },
      { cli: ['create', 'clusterrole', 'monitoring', '--aggregation-rule=a=b', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'clusterrole', 'bad', '--aggregation-rule=a=b', '--verb=get', ...CLIENT] },
      { cli: ['create', 'clusterrole', 'bad', '--aggregation-rule=novalue', ...CLIENT] },
      { cli: ['create', 'clusterrole', 'bad', '--verb=list', '--non-resource-url=/logs', ...CLIENT] },
      { cli: ['create', 'clusterrole', 'bad', '--verb=get', '--non-resource-url=logs', ...CLIENT] },
      { cli: ['create', 'clusterrole', 'bad', '--verb=get', '--non-resource-url=/a*/b', ...CLIENT] },
      { cli: ['create', 'clusterrole', 'bad', '--verb=get', ...CLIENT] },
      { cli: ['create', 'rolebinding', 'admins', '--clusterrole=admin', '--user=user1', '--user=user2', '--group=group1', '--serviceaccount=monitoring:sa-dev', ...CLIENT], note: '--user is a subject here, not the kubeconfig user' },
      { cli: ['create', 'rolebinding', 'readers', '--role=pod-reader', '-n', 'team-a', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'rolebinding', 'bad', ...CLIENT] },
      { cli: ['create', 'rolebinding', 'bad', '--role=a', '--clusterrole=b', ...CLIENT] },
      { cli: ['create', 'rolebinding', 'bad', '--role=a', '--serviceaccount=no-colon', ...CLIENT] },
      { cli: ['create', 'clusterrolebinding', 'root', '--clusterrole=cluster-admin', '--user=user1', '--group=group1', '--serviceaccount=ns:sa', ...CLIENT] },
      { cli: ['create', 'clusterrolebinding', 'root', '--clusterrole=view', '-n', 'team-a', '--dry-run=client', '-o', 'json'], note: 'cluster-scoped: -n adds no namespace' },
      { cli: ['create', 'clusterrolebinding', 'root', ...CLIENT] },
      { cli: ['create', 'rolebinding', 'readers', '--role=pod-reader', '--user=jane'], notCompared: SERVER_STATE },
      { cli: ['create', 'rolebinding', 'readers', '--role=pod-reader', '--user=jane'], note: 'an object that exists', notCompared: 'kubectl does not find it: it was created by us in the previous step' },
      { cli: ['create', 'clusterrole', 'pod-reader', '--verb=get', '--resource=pods'], notCompared: SERVER_STATE },
      { cli: ['create', 'clusterrole', 'pod-reader', '--verb=get', '--resource=pods'], notCompared: 'kubectl does not find it: it was created by us in the previous step' },
    ],
  },
  {
    name: 'generators-policy',
    files: generatorFiles(),
    steps: [
      { cli: ['create', 'quota', 'compute', '--hard=cpu=1000m,memory=1.5Gi,pods=2,requests.storage=10G,services=3', '--scopes=BestEffort,NotTerminating', ...CLIENT] },
      { cli: ['create', 'resourcequota', 'forms', '--hard=a=1e3,b=0.5,c=1Ki,d=0.5Ki,e=12e2,f=1.5n,g=100E,h=1024Mi,i=+1G,j=007,k=1.5e3,l=2048,m=0.1m', ...CLIENT], note: 'quantities printed as the API machinery canonicalizes them' },
      { cli: ['create', 'quota', 'empty', '-n', 'team-a', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'quota', 'bad', '--hard=cpu', ...CLIENT] },
      { cli: ['create', 'quota', 'bad', '--hard=cpu=1K', ...CLIENT] },
      { cli: ['create', 'quota', 'bad', '--hard=cpu=lots', ...CLIENT] },
      { cli: ['create', 'quota', 'bad', '--scopes=BestEffort,,Terminating', ...CLIENT] },
      { cli: ['create', 'priorityclass', 'high', '--value=1000', '--description=high priority', '--global-default', '--preemption-policy=Never', '--dry-run=client', '-o', 'json'] },
      { cli: ['create', 'pc', 'low', '-n', 'team-a', ...CLIENT], note: 'cluster-scoped: -n adds no namespace' },
      { cli: ['create', 'priorityclass', 'high', '--value=3000000000', ...CLIENT] },
      { cli: ['create', 'poddisruptionbudget', 'web', '--selector=app=web', '--min-available=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=tier in (front,back),!canary,app', '--max-unavailable=50%', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'pdb', 'web', '--selector=app!=web', '--min-available=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=app web', '--min-available=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=a/b/c=1', '--min-available=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=app,', '--min-available=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=replicas>1', '--min-available=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--min-available=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=app=web', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=app=web', '--min-available=1', '--max-unavailable=1', ...CLIENT] },
      { cli: ['create', 'pdb', 'web', '--selector=app=web', '--min-available=half', ...CLIENT] },
      { cli: ['create', 'quota', 'compute', '--hard=pods=2', '--dry-run=server', '-o', 'name'] },
      { cli: ['create', 'quota', 'negative', '--hard=cpu=-1'], note: "the server's rejection behind kubectl's prefix" },
      { cli: ['create', 'priorityclass', 'high', '--value=1000'], notCompared: SERVER_STATE },
      { cli: ['create', 'pdb', 'web', '--selector=app=web', '--min-available=1'], notCompared: SERVER_STATE },
      { cli: ['create', 'pdb', 'web', '--selector=app=web', '--min-available=1'], note: 'an object that exists', notCompared: 'kubectl does not find it: it was created by us in the previous step' },
    ],
  },
  {
    name: 'generators-ingress-secrets',
    files: generatorFiles(),
    steps: [
      { cli: ['create', 'ingress', 'simple', '--rule=foo.com/bar=svc1:8080,tls=my-cert', ...CLIENT] },
      { cli: ['create', 'ing', 'catch-all', '--class=otheringress', '--rule=/path=svc:port', ...CLIENT] },
      { cli: ['create', 'ingress', 'annotated', '--class=default', '--rule=foo.com/bar=svc:port', '--annotation', 'ingress.annotation1=foo', '--annotation', 'ingress.annotation2=bla', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'ingress', 'multipath', '--class=default', '--rule=foo.com/=svc:port', '--rule=foo.com/admin/=svcadmin:portadmin', ...CLIENT] },
      { cli: ['create', 'ingress', 'prefixes', '--rule=foo.com/path*=svc:8080', '--rule=bar.com/admin*=svc2:http', ...CLIENT] },
      { cli: ['create', 'ingress', 'tls', '--rule=foo.com/=svc:https,tls', '--rule=foo.com/path/subpath*=othersvc:8080', '--rule=bar.com/=svc:https,tls=secret1', '--rule=baz.com/=svc:https,tls=secret1', '--rule=/all=svc:80,tls', ...CLIENT], note: 'TLS hosts grouped by secret, each host once' },
      { cli: ['create', 'ingress', 'default', '--default-backend=defaultsvc:http', '-n', 'team-a', '--dry-run=client', '-o', 'json'] },
      { cli: ['create', 'ingress', 'bad', ...CLIENT] },
      { cli: ['create', 'ingress', 'bad', '--rule=foo.com', ...CLIENT] },
      { cli: ['create', 'ingress', 'bad', '--rule=/a=b:c', '--annotation=novalue', ...CLIENT] },
      { cli: ['create', 'ingress', 'bad', '--default-backend=a:b:c', ...CLIENT] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=tls.crt', '--key=tls.key', ...CLIENT] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=tls.crt', '--key=tls.key', '--append-hash', '-n', 'team-a', '--dry-run=client', '-o', 'json'], note: 'the hash covers the type, which is renamed here', mask: [RENAMED_TYPE_HASH] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=tls.crt', '--key=other.key', ...CLIENT] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=tls.key', '--key=tls.key', ...CLIENT] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=tls.crt', '--key=tls.crt', ...CLIENT] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=missing.crt', '--key=tls.key', ...CLIENT] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=tls.crt', ...CLIENT] },
      { cli: ['create', 'secret', 'docker-registry', 'registry', '--docker-username=jane', '--docker-password=s3cret', '--docker-email=jane@example.com', ...CLIENT] },
      { cli: ['create', 'secret', 'docker-registry', 'registry', '--docker-username=jane', '--docker-password=s3cret', '--docker-server=registry.example.com', '--append-hash', '--dry-run=client', '-o', 'json'], mask: [RENAMED_TYPE_HASH] },
      { cli: ['create', 'secret', 'docker-registry', 'registry', '--from-file=docker/config.json', ...CLIENT] },
      { cli: ['create', 'secret', 'docker-registry', 'registry', '--docker-username=jane', ...CLIENT] },
      { cli: ['create', 'secret', 'docker-registry', 'registry', '--from-file=missing.json', ...CLIENT] },
      { cli: ['create', 'secret', 'generic', 'creds', '--from-literal=user=jane', '--from-literal=password=s3cret', '--append-hash', ...CLIENT] },
      { cli: ['create', 'secret', 'generic', 'creds', '--from-literal=a=1', '--type=Opaque', '--append-hash', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'configmap', 'settings', '--from-literal=a=1', '--from-file=props', '--append-hash', ...CLIENT] },
      { cli: ['create', 'configmap', 'settings', '--from-file=props/app.properties,props/log.properties', '--dry-run=client', '-o', 'json', '--save-config'], note: '--from-file takes comma-separated files' },
      { cli: ['create', 'namespace', 'team-b', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'serviceaccount', 'robot', '-n', 'team-a', '--dry-run=client', '-o', 'json', '--save-config'] },
      { cli: ['create', 'secret', 'tls', 'site', '--cert=tls.crt', '--key=tls.key', '--dry-run=server', '-o', 'name'] },
      { cli: ['create', 'ingress', 'simple', '--rule=foo.com/bar=svc1:8080', '--dry-run=server'] },
      { cli: ['create', 'secret'], note: 'the group prints its help', notCompared: GROUP_HELP },
    ],
  },
];

/**
 * `platformctl create ingress NAME --rule=host/path=service:port[,tls[=secret]]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

const NO_INGRESSES = 'the local server does not serve Ingresses (networking.platform.io/v1)';

/** `create ingress`. */
export const spec = defineCommand({
  name: 'ingress',
  aliases: ['ing'],
  usage: 'NAME --rule=host/path=service:port[,tls[=secret]]  [options]',
  summary: 'Create an ingress with the specified name',
  description: 'Create an ingress with the specified name.',
  examples: [
    { description: "Create a single ingress called 'simple' that directs requests to foo.com/bar to svc svc1:8080 with a TLS secret \"my-cert\"", command: `${BINARY_NAME} create ingress simple --rule="foo.com/bar=svc1:8080,tls=my-cert"`, notRunnable: NO_INGRESSES },
    { description: 'Create a catch all ingress of "/path" pointing to service svc:port and Ingress Class as "otheringress"', command: `${BINARY_NAME} create ingress catch-all --class=otheringress --rule="/path=svc:port"`, notRunnable: NO_INGRESSES },
    { description: 'Create an ingress with two annotations: ingress.annotation1 and ingress.annotations2', command: `${BINARY_NAME} create ingress annotated --class=default --rule="foo.com/bar=svc:port" --annotation ingress.annotation1=foo --annotation ingress.annotation2=bla`, notRunnable: NO_INGRESSES },
    { description: 'Create an ingress with the same host and multiple paths', command: `${BINARY_NAME} create ingress multipath --class=default --rule="foo.com/=svc:port" --rule="foo.com/admin/=svcadmin:portadmin"`, notRunnable: NO_INGRESSES },
    { description: 'Create an ingress with multiple hosts and the pathType as Prefix', command: `${BINARY_NAME} create ingress ingress1 --class=default --rule="foo.com/path*=svc:8080" --rule="bar.com/admin*=svc2:http"`, notRunnable: NO_INGRESSES },
    { description: 'Create an ingress with TLS enabled using the default ingress certificate and different path types', command: `${BINARY_NAME} create ingress ingtls --class=default --rule="foo.com/=svc:https,tls" --rule="foo.com/path/subpath*=othersvc:8080"`, notRunnable: NO_INGRESSES },
    { description: 'Create an ingress with TLS enabled using a specific secret and pathType as Prefix', command: `${BINARY_NAME} create ingress ingsecret --class=default --rule="foo.com/*=svc:8080,tls=secret1"`, notRunnable: NO_INGRESSES },
    { description: 'Create an ingress with a default backend', command: `${BINARY_NAME} create ingress ingdefault --class=default --default-backend=defaultsvc:http --rule="foo.com/*=svc:8080,tls=secret1"`, notRunnable: NO_INGRESSES },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'annotation', type: 'stringArray', default: [], description: 'Annotation to insert in the ingress object, in the format annotation=value' },
    { name: 'class', type: 'string', default: '', description: 'Ingress Class to be used' },
    { name: 'default-backend', type: 'string', default: '', description: 'Default service for backend, in format of svcname:port' },
    { name: 'rule', type: 'stringArray', default: [], description: "Rule in format host/path=service:port[,tls=secretname]. Paths containing the leading character '*' are considered pathType=Prefix. tls argument is optional." },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;

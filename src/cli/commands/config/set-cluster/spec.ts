import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `platformctl config set-cluster`. */
export const spec = defineCommand({
  name: 'set-cluster',
  usage: 'NAME [--server=server] [--certificate-authority=path/to/certificate/authority] [--insecure-skip-tls-verify=true] [--tls-server-name=example.com] [options]',
  summary: 'Set a cluster entry in kubeconfig',
  description: 'Set a cluster entry in kubeconfig.\n\n Specifying a name that already exists will merge new fields on top of existing values for those fields.',
  examples: [
    { description: 'Set only the server field on the e2e cluster entry without touching other values', command: 'platformctl config set-cluster e2e --server=https://1.2.3.4' },
    { description: 'Embed certificate authority data for the e2e cluster entry', command: 'platformctl config set-cluster e2e --embed-certs --certificate-authority=~/.platform/e2e/ca.crt', notRunnable: 'needs a CA file' },
    { description: 'Disable cert checking for the e2e cluster entry', command: 'platformctl config set-cluster e2e --insecure-skip-tls-verify=true' },
    { description: 'Set the custom TLS server name to use for validation for the e2e cluster entry', command: 'platformctl config set-cluster e2e --tls-server-name=my-cluster-name' },
    { description: 'Set the proxy URL for the e2e cluster entry', command: 'platformctl config set-cluster e2e --proxy-url=https://1.2.3.4' },
  ],
  flags: [
    { name: 'certificate-authority', type: 'string', default: '', description: 'Path to certificate-authority file for the cluster entry in kubeconfig', complete: { kind: 'file' } },
    { name: 'embed-certs', type: 'bool', default: false, description: 'embed-certs for the cluster entry in kubeconfig' },
    { name: 'insecure-skip-tls-verify', type: 'bool', default: false, description: 'insecure-skip-tls-verify for the cluster entry in kubeconfig' },
    { name: 'proxy-url', type: 'string', default: '', description: 'proxy-url for the cluster entry in kubeconfig' },
    { name: 'server', type: 'string', default: '', description: 'server for the cluster entry in kubeconfig' },
    { name: 'tls-server-name', type: 'string', default: '', description: 'tls-server-name for the cluster entry in kubeconfig' },
  ],
  args: 'clusters',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;

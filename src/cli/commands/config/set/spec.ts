import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `platformctl config set`. */
export const spec = defineCommand({
  name: 'set',
  usage: 'PROPERTY_NAME PROPERTY_VALUE [options]',
  summary: 'Set an individual value in a kubeconfig file',
  description: [
    'Set an individual value in a kubeconfig file.',
    '',
    ' PROPERTY_NAME is a dot delimited name where each token represents either an attribute name or a map key.  Map keys may not contain dots.',
    '',
    " PROPERTY_VALUE is the new value you want to set. Binary fields such as 'certificate-authority-data' expect a base64 encoded string unless the --set-raw-bytes flag is used.",
    '',
    ' Specifying an attribute name that already exists will merge new fields on top of existing values.',
  ].join('\n'),
  examples: [
    { description: 'Set the server field on the my-cluster cluster to https://1.2.3.4', command: 'platformctl config set clusters.my-cluster.server https://1.2.3.4' },
    { description: 'Set the certificate-authority-data field on the my-cluster cluster', command: 'platformctl config set clusters.my-cluster.certificate-authority-data $(echo "cert_data_here" | base64 -i -)', notRunnable: 'uses shell substitution' },
    { description: 'Set the cluster field in the my-context context to my-cluster', command: 'platformctl config set contexts.my-context.cluster my-cluster' },
    { description: 'Set the client-key-data field in the cluster-admin user using --set-raw-bytes option', command: 'platformctl config set users.cluster-admin.client-key-data cert_data_here --set-raw-bytes=true' },
  ],
  flags: [{ name: 'set-raw-bytes', type: 'bool', default: false, description: 'When writing a []byte PROPERTY_VALUE, write the given string directly without base64 decoding.' }],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;

/**
 * `platformctl certificate request NAME --signer SIGNER ...`: generate a key, submit a PKCS#10
 * request, optionally approve it, wait for the certificate and write key and certificate.
 */
import { BINARY_NAME, SIGNERS } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';

/** `certificate request`. */
export const spec = defineCommand({
  name: 'request',
  usage: 'NAME --signer SIGNER [--cn NAME] [--org ORG...] [--dns NAME...] [--ip IP...] [--usage USAGE...] [options]',
  summary: 'Create a key and a certificate signing request, and optionally wait for the certificate',
  description: [
    'Create a key and a certificate signing request, and optionally wait for the certificate.',
    '',
    ' A new private key (ECDSA P-256, or RSA 2048 with --key-type=rsa) is generated and a PKCS#10 request for it, with the given subject and subject alternative names, is submitted as the CertificateSigningRequest NAME. With --approve the request is approved as well (this needs the approve permission on the signer). With --wait the command watches the request until the signer issues the certificate, or the request is denied or fails.',
    '',
    ` The key is written to --key-out (default NAME.key) and the certificate to --cert-out (default NAME.crt), both with mode 0600 and replaced atomically. Without --usage the built-in signers get the usages they require (${SIGNERS.apiserverClient}: digital signature, key encipherment, client auth).`,
  ].join('\n'),
  examples: [
    {
      description: 'Request a client certificate for user jane in group dev, approve it and wait for it',
      command: `${BINARY_NAME} certificate request jane --signer ${SIGNERS.apiserverClient} --cn jane --org dev --approve --wait --key-out jane.key --cert-out jane.crt`,
    },
    {
      description: 'Request a serving certificate for a node agent, valid for one day',
      command: `${BINARY_NAME} certificate request serving-n1 --signer ${SIGNERS.nodeAgentServing} --cn system:node:n1 --org system:nodes --dns n1.example.com --ip 10.0.0.1 --expiration 24h`,
    },
  ],
  flags: [
    { name: 'approve', type: 'bool', default: false, description: 'Approve the request after creating it.' },
    { name: 'cert-out', type: 'string', default: '', description: 'File to write the certificate to (default NAME.crt).', complete: { kind: 'file' } },
    { name: 'cn', type: 'string', default: '', description: 'Subject common name (the user name of a client certificate; default NAME).' },
    { name: 'dns', type: 'stringSlice', default: [], description: 'DNS subject alternative names.' },
    { name: 'expiration', type: 'duration', default: '0s', description: 'Requested lifetime of the certificate (spec.expirationSeconds, at least 10m); 0 leaves it to the signer.' },
    { name: 'ip', type: 'stringSlice', default: [], description: 'IP subject alternative names.' },
    { name: 'key-out', type: 'string', default: '', description: 'File to write the private key to (default NAME.key).', complete: { kind: 'file' } },
    { name: 'key-type', type: 'string', default: 'ecdsa', description: 'Key algorithm: ecdsa (P-256) or rsa (2048 bits).', complete: { kind: 'values', values: ['ecdsa', 'rsa'] } },
    { name: 'org', type: 'stringArray', default: [], description: 'Subject organizations (the groups of a client certificate).' },
    { name: 'signer', type: 'string', default: '', description: 'The signer to ask (spec.signerName).', complete: { kind: 'values', values: [SIGNERS.apiserverClient, SIGNERS.apiserverClientNodeAgent, SIGNERS.nodeAgentServing] } },
    { name: 'timeout', type: 'duration', default: '5m0s', description: 'How long --wait waits for the certificate.' },
    { name: 'usage', type: 'stringSlice', default: [], description: 'Key usages to request (spec.usages).' },
    { name: 'wait', type: 'bool', default: false, description: 'Wait for the certificate and write it.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;

import type { KubeObject } from '../../sdk/types/meta.js';
import { humanDuration } from '../../sdk/types/human-duration.js';
import type { EventLike } from './events.js';
import { describeEvents } from './events.js';
import type { DescribeOptions } from './format.js';
import { formatRfc1123z } from './format.js';
import { obj, objs, partsOf, str } from './json-access.js';
import type { DescribeWriter } from './writer.js';
import { LEVEL_0, tabbedString } from './writer.js';
import { formatLabels } from '../../machinery/labels/selector.js';

/**
 * What the caller decoded from `spec.request` (a PEM certificate request), as kubectl shows it.
 * The printers stay pure: parsing X.509 is the caller's job.
 */
export interface CertificateRequestDetails {
  subject: {
    commonName?: string;
    serialNumber?: string;
    organization?: readonly string[];
    organizationalUnit?: readonly string[];
    country?: readonly string[];
    locality?: readonly string[];
    province?: readonly string[];
    streetAddress?: readonly string[];
    postalCode?: readonly string[];
  };
  dnsNames?: readonly string[];
  emailAddresses?: readonly string[];
  uris?: readonly string[];
  ipAddresses?: readonly string[];
}

/** The CSR's status as kubectl sums it up: `Pending`, `Approved,Issued`, `Denied`, with `,Failed`. */
export function csrStatus(csr: KubeObject): string {
  const status = obj(csr['status']);
  const types = objs(status['conditions']).map((c) => str(c['type']));
  let text = types.includes('Denied') ? 'Denied' : types.includes('Approved') ? 'Approved' : 'Pending';
  if (types.includes('Failed')) text += ',Failed';
  if (str(status['certificate']).length > 0) text += ',Issued';
  return text;
}

function printList(w: DescribeWriter, name: string, values: readonly string[] | undefined): void {
  if (!values || values.length === 0) return;
  w.write(LEVEL_0, `\t${name}:\t`);
  w.write(LEVEL_0, values.join('\n\t\t'));
  w.write(LEVEL_0, '\n');
}

/**
 * `describe certificatesigningrequest`: requester, signer, requested duration, status, and the
 * subject and alternative names of the request (decoded by the caller).
 */
export function describeCertificateSigningRequest(csr: KubeObject, request: CertificateRequestDetails, events: readonly EventLike[] | undefined, options: DescribeOptions): string {
  const { meta, spec } = partsOf(csr);
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${meta.name ?? ''}\n`);
    w.write(LEVEL_0, `Labels:\t${formatLabels(meta.labels)}\n`);
    w.write(LEVEL_0, `Annotations:\t${formatLabels(meta.annotations)}\n`);
    w.write(LEVEL_0, `CreationTimestamp:\t${formatRfc1123z(meta.creationTimestamp, options)}\n`);
    w.write(LEVEL_0, `Requesting User:\t${str(spec['username'])}\n`);
    if (str(spec['signerName'])) w.write(LEVEL_0, `Signer:\t${str(spec['signerName'])}\n`);
    if (typeof spec['expirationSeconds'] === 'number') {
      w.write(LEVEL_0, `Requested Duration:\t${humanDuration(spec['expirationSeconds'] * 1000)}\n`);
    }
    w.write(LEVEL_0, `Status:\t${csrStatus(csr)}\n`);
    w.write(LEVEL_0, 'Subject:\n');
    w.write(LEVEL_0, `\tCommon Name:\t${request.subject.commonName ?? ''}\n`);
    w.write(LEVEL_0, `\tSerial Number:\t${request.subject.serialNumber ?? ''}\n`);
    printList(w, 'Organization', request.subject.organization);
    printList(w, 'Organizational Unit', request.subject.organizationalUnit);
    printList(w, 'Country', request.subject.country);
    printList(w, 'Locality', request.subject.locality);
    printList(w, 'Province', request.subject.province);
    printList(w, 'StreetAddress', request.subject.streetAddress);
    printList(w, 'PostalCode', request.subject.postalCode);
    const sans = (request.dnsNames?.length ?? 0) + (request.emailAddresses?.length ?? 0) + (request.ipAddresses?.length ?? 0) + (request.uris?.length ?? 0);
    if (sans > 0) {
      w.write(LEVEL_0, 'Subject Alternative Names:\n');
      printList(w, 'DNS Names', request.dnsNames);
      printList(w, 'Email Addresses', request.emailAddresses);
      printList(w, 'URIs', request.uris);
      printList(w, 'IP Addresses', request.ipAddresses);
    }
    if (events !== undefined && options.showEvents !== false) describeEvents(events, w, options);
  });
}

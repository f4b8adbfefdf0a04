/**
 * Table columns and cells of RBAC, coordination, certificates and admission-registration kinds, and
 * the default table (Name, Created At) of kinds without a printer.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type * as AdmissionV1 from '../../sdk/types/generated/admissionregistration-v1.js';
import type * as AdmissionV1beta1 from '../../sdk/types/generated/admissionregistration-v1beta1.js';
import type { CertificateSigningRequest } from '../../sdk/types/generated/certificates-v1.js';
import type { Lease } from '../../sdk/types/generated/coordination-v1.js';
import type { ClusterRoleBinding, RoleBinding } from '../../sdk/types/generated/rbac-v1.js';
import type { TableDef } from '../registry/types.js';
import { humanDuration } from '../../sdk/types/human-duration.js';
import { asString, objectOrEmpty as obj, nameOf } from '../util/json.js';
import { CREATION_DESCRIPTION, NAME_COLUMN, column, nameAgeTable } from './common.js';

/** The creation time as RFC 3339 (Created At cells), as the default table prints it. */
function createdAt(o: JsonObject): string {
  const t = asString(obj(o.metadata).creationTimestamp);
  if (t === undefined) return '';
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? t : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The table of kinds without their own printer: Name and Created At. */
export const defaultTable: TableDef = {
  columns: [NAME_COLUMN, column('Created At', 'date', CREATION_DESCRIPTION)],
  cells: (o) => [nameOf(o), createdAt(o)],
};

function subjectStrings(binding: RoleBinding | ClusterRoleBinding): [string, string, string] {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const subject of binding.subjects ?? []) {
    const name = subject.name ?? '';
    switch (subject.kind) {
      case 'ServiceAccount': sas.push(`${subject.namespace ?? ''}/${name}`); break;
      case 'User': users.push(name); break;
      case 'Group': groups.push(name); break;
      default: break;
    }
  }
  return [users.join(', '), groups.join(', '), sas.join(', ')];
}

function bindingTable<T extends RoleBinding | ClusterRoleBinding>(kind: 'roleBinding' | 'clusterRoleBinding'): TableDef<T> {
  return nameAgeTable<T>({
    columns: [column('Role', 'string', 'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace.')],
    cells: (b) => [`${b.roleRef?.kind ?? ''}/${b.roleRef?.name ?? ''}`],
  }, {
    columns: [
      column('Users', 'string', `Users in the ${kind}`, 1),
      column('Groups', 'string', `Groups in the ${kind}`, 1),
      column('ServiceAccounts', 'string', `ServiceAccounts in the ${kind}`, 1),
    ],
    cells: subjectStrings,
  });
}

export const roleBindingTable = bindingTable<RoleBinding>('roleBinding');
export const clusterRoleBindingTable = bindingTable<ClusterRoleBinding>('clusterRoleBinding');
/** Roles and cluster roles print Name and Created At. */
export const roleTable = defaultTable;

export const leaseTable = nameAgeTable<Lease>({
  columns: [column('Holder', 'string', 'holderIdentity contains the identity of the holder of a current lease.')],
  cells: (l) => [l.spec?.holderIdentity ?? ''],
});

function csrCondition(csr: CertificateSigningRequest): string {
  let approved = false;
  let denied = false;
  let failed = false;
  for (const c of csr.status?.conditions ?? []) {
    const type = c.type;
    if (type === 'Approved') approved = true;
    if (type === 'Denied') denied = true;
    if (type === 'Failed') failed = true;
  }
  let s = denied ? 'Denied' : approved ? 'Approved' : 'Pending';
  if (failed) s += ',Failed';
  if ((csr.status?.certificate ?? '') !== '') s += ',Issued';
  return s;
}

export const csrTable = nameAgeTable<CertificateSigningRequest>({ columns: [], cells: () => [] }, {
  columns: [
    column('SignerName', 'string', 'signerName indicates the requested signer, and is a qualified name.'),
    column('Requestor', 'string', 'request contains an x509 certificate signing request encoded in a "CERTIFICATE REQUEST" PEM block.'),
    column('RequestedDuration', 'string', 'expirationSeconds is the requested duration of validity of the issued certificate.'),
    column('Condition', 'string', 'conditions applied to the request. Known conditions are "Approved", "Denied", and "Failed".'),
  ],
  cells(csr) {
    const spec = csr.spec;
    const signer = spec?.signerName ?? '';
    const exp = typeof spec?.expirationSeconds === 'number' ? humanDuration(spec.expirationSeconds * 1000) : '<none>';
    return [signer === '' ? '<none>' : signer, spec?.username ?? '', exp, csrCondition(csr)];
  },
});

/** The webhook configurations of both kinds, in both served versions. */
type WebhookConfiguration = AdmissionV1.MutatingWebhookConfiguration | AdmissionV1.ValidatingWebhookConfiguration
  | AdmissionV1beta1.MutatingWebhookConfiguration | AdmissionV1beta1.ValidatingWebhookConfiguration;

export const webhookConfigurationTable = nameAgeTable<WebhookConfiguration>({
  columns: [column('Webhooks', 'integer', 'Webhooks indicates the number of webhooks registered in this configuration')],
  cells: (w) => [(w.webhooks ?? []).length],
});

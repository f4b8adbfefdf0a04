/**
 * Mutating/ValidatingWebhookConfiguration in admissionregistration v1 and the deprecated v1beta1
 * (one bucket per kind; each version applies its own defaults and validation).
 */
import { GROUPS } from '../../sdk/naming.js';
import { webhookConfigurationTable } from '../tables/cluster.js';
import { defaultWebhookConfiguration, validateWebhookConfiguration, type ConfigVersion } from '../webhooks/validation.js';
import { defineKind } from './define.js';

function webhookConfiguration(kind: 'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration', version: ConfigVersion) {
  const mutating = kind === 'MutatingWebhookConfiguration';
  return defineKind({
    group: GROUPS.admissionregistration, version, kind, plural: `${kind.toLowerCase()}s`, categories: ['api-extensions'], namespaced: false,
    tracksGeneration: true, table: webhookConfigurationTable,
    hooks: {
      defaults: (obj) => defaultWebhookConfiguration(obj, version, mutating),
      validate: (obj) => validateWebhookConfiguration(obj, version, mutating),
    },
  });
}

export const mutatingWebhookConfigurationV1Def = webhookConfiguration('MutatingWebhookConfiguration', 'v1');
export const validatingWebhookConfigurationV1Def = webhookConfiguration('ValidatingWebhookConfiguration', 'v1');
export const mutatingWebhookConfigurationV1beta1Def = webhookConfiguration('MutatingWebhookConfiguration', 'v1beta1');
export const validatingWebhookConfigurationV1beta1Def = webhookConfiguration('ValidatingWebhookConfiguration', 'v1beta1');

// fieldsV1 encoding checked against a real apiserver (v1.32): a Deployment applied with
// `kubectl apply --server-side --field-manager jun`, then replaced with a new image by
// `kubectl replace`, and (separately) created with `kubectl create`. The request bodies and the
// managedFields below are the ones that server sent and answered (JSON, byte for byte).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KubeObject } from '../../../../src/sdk/types/meta.js';
import { builtinSchema } from '../../../../src/sdk/types/schema/index.js';
import { applyObject, updateManagedFields } from '../../../../src/server/fieldmanager/index.js';

const schema = builtinSchema('apps', 'v1', 'Deployment')!;

const body = (image: string): KubeObject => JSON.parse(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"labels":{"app":"nginx-0930"},"name":"nginx-0930","namespace":"default"},"spec":{"progressDeadlineSeconds":600,"replicas":1,"revisionHistoryLimit":10,"selector":{"matchLabels":{"app":"nginx-0930"}},"strategy":{"rollingUpdate":{"maxSurge":"25%","maxUnavailable":"25%"},"type":"RollingUpdate"},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"nginx-0930"}},"spec":{"containers":[{"image":"${image}","imagePullPolicy":"Always","name":"nginx","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File"}],"dnsPolicy":"ClusterFirst","restartPolicy":"Always","schedulerName":"default-scheduler","securityContext":{},"terminationGracePeriodSeconds":30}}},"status":{}}`) as KubeObject;

const APPLY_ENTRY = '{"manager":"jun","operation":"Apply","apiVersion":"apps/v1","time":"2024-10-02T17:07:58Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{"f:app":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:creationTimestamp":{},"f:labels":{"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}}';

const APPLY_ENTRY_AFTER_REPLACE = APPLY_ENTRY.replace('"f:image":{},', '');
const REPLACE_ENTRY = '{"manager":"kubectl-replace","operation":"Update","apiVersion":"apps/v1","time":"2024-10-02T17:13:52Z","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{"f:template":{"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{"f:image":{}}}}}}}}';

const CREATE_ENTRY = '{"manager":"kubectl-create","operation":"Update","apiVersion":"apps/v1","time":"2024-10-02T17:19:44Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}}';

/** What the server stores: the object plus identity metadata (the main resource resets status). */
function stored(obj: KubeObject, rv: string): KubeObject {
  const out = structuredClone(obj);
  out.metadata = { ...out.metadata, uid: '5cc3d080', resourceVersion: rv, generation: 1, creationTimestamp: '2024-10-02T17:07:58Z' };
  return out;
}

test('server-side apply of a Deployment produces the apiserver\'s exact managedFields', () => {
  const result = applyObject({ live: undefined, applied: body('nginx:mainline'), manager: 'jun', apiVersion: 'apps/v1', force: false, schema, now: '2024-10-02T17:07:58Z', resetFields: [['status']] });
  assert.equal(JSON.stringify(result.metadata?.managedFields), `[${APPLY_ENTRY}]`);
});

test('kubectl replace of the applied Deployment takes the image from the applier', () => {
  const applied = applyObject({ live: undefined, applied: body('nginx:mainline'), manager: 'jun', apiVersion: 'apps/v1', force: false, schema, now: '2024-10-02T17:07:58Z', resetFields: [['status']] });
  const live = stored(applied, '21851');
  const replaced = body('nginx:stable');
  replaced.metadata = { ...replaced.metadata, resourceVersion: '21851' };
  const result = updateManagedFields({ live, updated: replaced, manager: 'kubectl-replace', apiVersion: 'apps/v1', schema, now: '2024-10-02T17:13:52Z', resetFields: [['status']] });
  assert.equal(JSON.stringify(result.metadata?.managedFields), `[${APPLY_ENTRY_AFTER_REPLACE},${REPLACE_ENTRY}]`);
});

test('kubectl create of the Deployment records an Update entry with the "." of added nodes', () => {
  const result = updateManagedFields({ live: undefined, updated: body('nginx:mainline'), manager: 'kubectl-create', apiVersion: 'apps/v1', schema, now: '2024-10-02T17:19:44Z', resetFields: [['status']] });
  assert.equal(JSON.stringify(result.metadata?.managedFields), `[${CREATE_ENTRY}]`);
});

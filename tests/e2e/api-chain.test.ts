import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { api, catalogue, eventually, idTokenFor, SIMULATOR } from '../../harness/api-client';
import { closeAdmin, createUser } from '../../harness/users';

describe('360 API through hosting, the functions emulator and the simulator', () => {
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  const admin = initializeApp({ projectId: 'demo-insight' }, 'e2e-api-chain');
  afterAll(async () => {
    await deleteApp(admin);
    await closeAdmin();
  });

  it('when a support2 user opens a customer and resets the device, then the data matches the simulator and the reset is sent and audited', async () => {
    const user = await createUser('chain', ['support2']);
    const { token, close } = await idTokenFor(user);
    try {
      const [device] = await catalogue('voice');
      const customer = await api(token, `/360/${device!.mac.toLowerCase()}/customer?language=fr`);
      expect(customer.status).toBe(200);
      expect(customer.body.data!.customerAccountId).toBe(device!.customerAccountNumber);
      const wan = await api(token, `/360/${device!.mac}/wan`);
      expect((wan.body.data!.details as { networkType: string }).networkType).toBe(device!.networkType);

      const reset = await api(token, `/360/${device!.mac}/reset`, { method: 'POST', body: '{}' });
      expect(reset.status).toBe(202);
      const records = (await (
        await fetch(`${SIMULATOR}/_sim/records?kind=reset&mac=${device!.mac}`)
      ).json()) as unknown[];
      expect(records.length).toBeGreaterThanOrEqual(1);
      const audit = await eventually(async () => {
        const snap = await getFirestore(admin).collection('audit_log').where('uid', '==', user.uid).get();
        return snap.empty ? null : snap.docs.map((doc) => doc.data());
      });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        mac: device!.mac,
        operation: 'deviceReset',
        outcome: 'sent',
        customerAccountNumber: device!.customerAccountNumber,
      });
      expect(audit[0]!.at).toBeTruthy();
    } finally {
      await close();
    }
  });

  it('when a support1 user tries to reset, then 403 and nothing is sent', async () => {
    const user = await createUser('chain1', ['support1']);
    const { token, close } = await idTokenFor(user);
    try {
      const [device] = await catalogue('gpon');
      expect((await api(token, `/360/${device!.mac}/reset`, { method: 'POST', body: '{}' })).status).toBe(
        403,
      );
      expect((await api(token, `/360/not-a-mac/customer`)).body.error!.code).toBe('invalid_mac');
    } finally {
      await close();
    }
  });
});

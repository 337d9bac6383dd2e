import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, describe, expect, it } from 'vitest';
import { CHILD_COUNT_FIELD, STAGING_LISTS } from '@insight/common/staging-lists';
import { closeAdmin, db, eventually, uniqueId } from './support';

const stamp = { updatedBy: 'triggers-test', updatedAt: FieldValue.serverTimestamp() };
const countOf = async (list: string, id: string) =>
  (await db().collection(list).doc(id).get()).get(CHILD_COUNT_FIELD) as unknown;

describe('staging child counts (stagingRackCounts, stagingHostCounts and stagingDeviceCounts triggers)', () => {
  afterAll(closeAdmin);

  it('when racks, host devices and connected devices are added, moved and deleted, then their warehouse and rack counts follow', async () => {
    const [w1, w2, r1, r2, h1] = ['W1', 'W2', 'R1', 'R2', 'H1'].map((name) => uniqueId(name));
    const warehouses = db().collection(STAGING_LISTS.warehouses);
    const racks = db().collection(STAGING_LISTS.racks);
    const hosts = db().collection(STAGING_LISTS.hosts);
    await Promise.all([
      warehouses.doc(w1!).set({ name: 'One', province: 'ON', ...stamp }),
      warehouses.doc(w2!).set({ name: 'Two', province: 'QC', ...stamp }),
    ]);
    await racks.doc(r1!).set({ name: 'Rack 1', warehouseId: w1, ...stamp });
    await racks.doc(r2!).set({ name: 'Rack 2', warehouseId: w1, ...stamp });
    await eventually(async () => (await countOf(STAGING_LISTS.warehouses, w1!)) === 2);

    await hosts.doc(h1!).set({ name: 'Switch', rackId: r1, rackOrder: 1, ...stamp });
    await eventually(async () => (await countOf(STAGING_LISTS.racks, r1!)) === 1);

    await racks.doc(r2!).update({ warehouseId: w2 });
    await eventually(
      async () =>
        (await countOf(STAGING_LISTS.warehouses, w1!)) === 1 &&
        (await countOf(STAGING_LISTS.warehouses, w2!)) === 1,
    );
    const devices = db().collection(STAGING_LISTS.connected);
    const d1 = uniqueId('D1');
    await devices
      .doc(d1)
      .set({ macAddress: 'AABBCCDDEE01', hostDeviceId: h1, portNumber: 1, state: 'waiting', ...stamp });
    await eventually(async () => (await countOf(STAGING_LISTS.hosts, h1!)) === 1);
    await devices.doc(d1).delete();
    await eventually(async () => (await countOf(STAGING_LISTS.hosts, h1!)) === 0);

    await hosts.doc(h1!).delete();
    await eventually(async () => (await countOf(STAGING_LISTS.racks, r1!)) === 0);
    expect(await countOf(STAGING_LISTS.warehouses, w1!)).toBe(1);
  });
});

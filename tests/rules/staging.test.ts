import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { seedDocuments, storeOf } from './network-fixtures';
import { useRulesEnvironment } from './support';

const stamp = (uid: string) => ({ updatedBy: uid, updatedAt: serverTimestamp() });
const stored = { updatedBy: 'seed', updatedAt: Timestamp.now() };

describe('firestore.rules: the generic staging lists', () => {
  const getEnv = useRulesEnvironment((env) =>
    seedDocuments(env, [
      ['staging_warehouses/full', { name: 'Full', province: 'ON', childCount: 2, ...stored }],
      ['staging_warehouses/empty', { name: 'Empty', province: 'QC', childCount: 0, ...stored }],
      ['staging_racks/r-full', { name: 'Rack', warehouseId: 'full', childCount: 1, ...stored }],
      ['staging_racks/r-empty', { name: 'Rack', warehouseId: 'full', ...stored }],
      [
        'staging_host_devices/h-full',
        { name: 'Switch', rackId: 'r-full', rackOrder: 1, childCount: 3, ...stored },
      ],
    ]),
  );
  const eng = () => storeOf(getEnv(), 'eng', ['engineering']);

  it('when a warehouse, rack or host device still holds something, then deleting it is refused; when it holds nothing, it is allowed', async () => {
    await assertFails(deleteDoc(doc(eng(), 'staging_warehouses/full')));
    await assertFails(deleteDoc(doc(eng(), 'staging_racks/r-full')));
    await assertFails(deleteDoc(doc(eng(), 'staging_host_devices/h-full')));
    await assertSucceeds(deleteDoc(doc(eng(), 'staging_warehouses/empty')));
    await assertSucceeds(deleteDoc(doc(eng(), 'staging_racks/r-empty')));
  });

  it('when a client writes a count, then it is refused: counts are the functions’', async () => {
    await assertFails(updateDoc(doc(eng(), 'staging_warehouses/full'), { childCount: 0, ...stamp('eng') }));
    await assertFails(
      setDoc(doc(eng(), 'staging_warehouses/new'), {
        name: 'New',
        province: 'ON',
        childCount: 0,
        ...stamp('eng'),
      }),
    );
    await assertSucceeds(
      updateDoc(doc(eng(), 'staging_warehouses/full'), { name: 'Renamed', ...stamp('eng') }),
    );
  });

  it('when a rack or host device names a parent that does not exist, then it is refused', async () => {
    await assertFails(
      setDoc(doc(eng(), 'staging_racks/x'), { name: 'Rack', warehouseId: 'nowhere', ...stamp('eng') }),
    );
    await assertSucceeds(
      setDoc(doc(eng(), 'staging_racks/x'), { name: 'Rack', warehouseId: 'empty', ...stamp('eng') }),
    );
    await assertFails(
      setDoc(doc(eng(), 'staging_host_devices/h'), {
        name: 'Switch',
        rackId: 'nowhere',
        rackOrder: 1,
        ...stamp('eng'),
      }),
    );
    await assertSucceeds(
      setDoc(doc(eng(), 'staging_host_devices/h'), {
        name: 'Switch',
        rackId: 'r-empty',
        rackOrder: 1,
        model: 'EX2300',
        firmware: '21.4R3',
        ...stamp('eng'),
      }),
    );
  });

  it('when a connected device names a host device that does not exist, or an unknown state, then it is refused', async () => {
    const device = { macAddress: 'AABBCCDDEEFF', portNumber: 2, state: 'provisioning', ...stamp('eng') };
    await assertFails(setDoc(doc(eng(), 'connected_devices/d'), { ...device, hostDeviceId: 'nowhere' }));
    await assertFails(
      setDoc(doc(eng(), 'connected_devices/d'), { ...device, hostDeviceId: 'h-full', state: 'lost' }),
    );
    await assertSucceeds(setDoc(doc(eng(), 'connected_devices/d'), { ...device, hostDeviceId: 'h-full' }));
  });

  it('when install or operation writes a staging list, then it is refused (they read)', async () => {
    for (const role of ['install', 'operation']) {
      const store = storeOf(getEnv(), role, [role]);
      await assertFails(
        setDoc(doc(store, 'staging_warehouses/x'), { name: 'X', province: 'ON', ...stamp(role) }),
      );
      await assertSucceeds(getDoc(doc(store, 'staging_warehouses/full')));
    }
  });
});

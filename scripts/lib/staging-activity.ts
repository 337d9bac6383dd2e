/**
 * The staging systems' activity, for `npm start`: every tick a few connected devices move on through
 * their states (waiting → provisioning → upgrading → staged, now and then failed, then a new device in
 * their place), and each move is written to `connected_devices` and as a `staging_device_events` record,
 * as the staging systems would. A new user sees the generic staging page change without doing anything.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { STAGING_LISTS, type DeviceState } from '@insight/common/staging-lists';

const AUTHOR = 'system:staging';
/** The events kept: the oldest are removed as new ones arrive. */
const KEEP_EVENTS = 300;

/** The next state of a device; `roll` in [0, 1) decides a failure. */
export function nextState(state: DeviceState, roll: number): DeviceState {
  switch (state) {
    case 'waiting':
      return 'provisioning';
    case 'provisioning':
      return roll < 0.12 ? 'failed' : 'upgrading';
    case 'upgrading':
      return roll < 0.08 ? 'failed' : 'staged';
    case 'staged':
    case 'failed':
      return 'waiting';
  }
}

const MESSAGES: Record<DeviceState, string> = {
  waiting: 'Device plugged in, waiting for provisioning',
  provisioning: 'Configuration pushed',
  upgrading: 'Firmware upgrade in progress',
  staged: 'Staging complete',
  failed: 'Staging failed: no answer from the device',
};

export interface StagingActivity {
  stop(): Promise<void>;
}

/** Starts the activity against `db`; `everyMs` between ticks, `perTick` devices moved in each. */
export function startStagingActivity(
  db: Firestore,
  { everyMs = 1500, perTick = 2, random = Math.random } = {},
): StagingActivity {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let ticks = 0;
  const tick = async () => {
    const devices = await db.collection(STAGING_LISTS.connected).get();
    if (devices.empty) return;
    const hosts = new Map(
      (await db.collection(STAGING_LISTS.hosts).get()).docs.map((host) => [host.id, host.get('rackId') as string]),
    );
    const racks = new Map(
      (await db.collection(STAGING_LISTS.racks).get()).docs.map((rack) => [rack.id, rack.get('warehouseId') as string]),
    );
    const batch = db.batch();
    for (let i = 0; i < perTick; i += 1) {
      const device = devices.docs[Math.floor(random() * devices.size)]!;
      const state = nextState(device.get('state') as DeviceState, random());
      const hostDeviceId = device.get('hostDeviceId') as string;
      batch.update(device.ref, { state, updatedBy: AUTHOR, updatedAt: FieldValue.serverTimestamp() });
      batch.create(db.collection(STAGING_LISTS.events).doc(), {
        macAddress: device.get('macAddress') as string,
        hostDeviceId,
        warehouseId: racks.get(hosts.get(hostDeviceId) ?? '') ?? '',
        state,
        message: MESSAGES[state],
        at: FieldValue.serverTimestamp(),
      });
    }
    await batch.commit();
    ticks += 1;
    if (ticks % 20 === 0) {
      const old = await db
        .collection(STAGING_LISTS.events)
        .orderBy('at', 'desc')
        .offset(KEEP_EVENTS)
        .limit(200)
        .get();
      if (!old.empty) {
        const prune = db.batch();
        for (const event of old.docs) prune.delete(event.ref);
        await prune.commit();
      }
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    // One tick at a time; a failed tick (the emulator stopping) is skipped, not fatal.
    running = running.then(tick).catch(() => undefined);
  }, everyMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

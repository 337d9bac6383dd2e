import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { SMS_LIMIT, type SmsLimits, type SmsLimitVerdict } from '../../domain/operations/sms-limits';

/** The functions' own collection (no client reads or writes it: firestore.rules' default deny). */
export const SMS_LIMITS_COLLECTION = 'sms_limits';

interface LimitDoc {
  /** When each SMS of the window was taken (ms since the epoch), oldest first, at most `points`. */
  sent?: number[];
}

/**
 * The SMS allowances shared by every instance: one document per user (`sms_limits/user:{uid}`) and one
 * per device (`sms_limits/mac:{mac}`), each holding the send times of its sliding window. One transaction
 * reads both and takes a point from both or from neither, so however many instances serve the requests,
 * no more than `points` go out per user and per device in `durationSeconds`. `expireAt` lets a Firestore
 * TTL policy on the collection delete a window that has ended (docs/architecture.md, "Where state lives").
 */
export function firestoreSmsLimits(
  db: () => Firestore,
  limit: { points: number; durationSeconds: number } = SMS_LIMIT,
  now: () => number = Date.now,
): SmsLimits {
  const windowMs = limit.durationSeconds * 1000;
  return {
    async take(uid, mac): Promise<SmsLimitVerdict> {
      const firestore = db();
      const collection = firestore.collection(SMS_LIMITS_COLLECTION);
      const refs = {
        user: collection.doc(`user:${encodeURIComponent(uid)}`),
        mac: collection.doc(`mac:${mac}`),
      } as const;
      // Many takes for one user or device contend on the same documents: Firestore serialises them
      // (a transaction that lost is run again), so allow more attempts than the SDK's default five.
      return firestore.runTransaction(
        async (tx) => {
          const [userSnap, macSnap] = await tx.getAll(refs.user, refs.mac);
          const at = now();
          const live = (data: LimitDoc | undefined) =>
            (data?.sent ?? []).filter((sent) => typeof sent === 'number' && sent > at - windowMs);
          const windows = { user: live(userSnap!.data()), mac: live(macSnap!.data()) };
          for (const scope of ['user', 'mac'] as const) {
            const sent = windows[scope];
            if (sent.length >= limit.points) {
              const retryAfterMs = sent[sent.length - limit.points]! + windowMs - at;
              return { ok: false, scope, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
            }
          }
          for (const scope of ['user', 'mac'] as const) {
            const sent = [...windows[scope], at];
            tx.set(refs[scope], { sent, expireAt: Timestamp.fromMillis(at + windowMs) });
          }
          return { ok: true };
        },
        { maxAttempts: 50 },
      );
    },
  };
}

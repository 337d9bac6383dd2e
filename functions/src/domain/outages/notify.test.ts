import { describe, expect, it } from 'vitest';
import { anOutage } from '@insight/common/testing/outage-fixtures';
import { changeOf, signatureOf } from './notify';

describe('outage notifications', () => {
  it('when an outage is written, then only its creation open and its move from open to resolved are changes', () => {
    const open = anOutage();
    const resolved = anOutage({ state: 'resolved', endsAt: '2026-11-27T16:10:00.000Z' });
    expect(changeOf(null, open)).toBe('open');
    expect(changeOf(open, resolved)).toBe('resolve');
    // Counts, the note, the notification state itself: nothing to send.
    expect(changeOf(open, { ...open, onusDown: 18 })).toBeNull();
    expect(changeOf(open, { ...open, note: { ticket: 'OUT-9', backAbout: null, text: '' } })).toBeNull();
    expect(changeOf(resolved, { ...resolved, notify: { ...resolved.notify, state: 'failed' } })).toBeNull();
    // Written resolved from the start, deleted, or open again (never by the receiver): nothing either.
    expect(changeOf(null, resolved)).toBeNull();
    expect(changeOf(open, null)).toBeNull();
    expect(changeOf(resolved, open)).toBeNull();
  });

  it('signs the timestamp and the raw body with the secret, as `openssl dgst -sha256 -hmac` does', () => {
    // printf '%s' '1795806120.{"a":1}' | openssl dgst -sha256 -hmac 'crm-secret'
    expect(signatureOf('crm-secret', 1795806120, '{"a":1}')).toBe(
      'sha256=744ba7d09d574a2f4da456a590f2f4f16b2621c941fe65f3b6427020792ddb64',
    );
    expect(signatureOf('crm-secret', 1795806121, '{"a":1}')).not.toBe(
      signatureOf('crm-secret', 1795806120, '{"a":1}'),
    );
  });
});

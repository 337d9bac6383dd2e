/**
 * One audit record written for an operation or a device test: a failed write is logged, never thrown; an
 * operation that changes the device writes its record and its change mark together.
 */
import { describe, expect, it, vi } from 'vitest';
import { resetDevice, writeAudit } from './operations';

const record = {
  uid: 'u1',
  email: 'support2@example-telecom.ca',
  mac: 'A4C1E8000001',
  customerAccountNumber: null,
  operation: 'deviceTest',
  parameters: { kind: 'ping' },
  outcome: 'sent',
  errorCode: null,
} as const;

function logger() {
  const errors: Array<[string, unknown]> = [];
  return {
    errors,
    info: () => undefined,
    warn: () => undefined,
    error: (message: string, fields?: unknown) => void errors.push([message, fields]),
  };
}

describe('writeAudit', () => {
  it('when the sink takes the record, then it is written once and nothing is logged', async () => {
    const written: unknown[] = [];
    const log = logger();
    await writeAudit(
      { audit: { write: async (r: unknown) => void written.push(r) }, logger: log } as never,
      record,
    );
    expect(written).toEqual([record]);
    expect(log.errors).toEqual([]);
  });

  it('when the sink fails, then the failure is logged with its reason and not thrown', async () => {
    const log = logger();
    await expect(
      writeAudit(
        {
          audit: {
            write: async () => {
              throw new Error('deadline exceeded');
            },
          },
          logger: log,
        } as never,
        record,
      ),
    ).resolves.toBeUndefined();
    expect(log.errors).toEqual([['audit write failed', { error: 'Error: deadline exceeded' }]]);
  });
});

describe('an operation that changes the device', () => {
  it('when the device is reset, then its audit record is written while its change mark is still being written, and the answer waits for both', async () => {
    const events: string[] = [];
    let releaseMark!: () => void;
    const log = logger();
    const deps = {
      clients: { wan: { reset: async () => ({ requestId: 'r1' }) } },
      calls: {
        customerAccount: async () => ({ value: { customerAccountNumber: '0001' } }),
        forget: () => undefined,
        changed: () => {
          events.push('mark started');
          return new Promise<void>((resolve) => (releaseMark = resolve)).then(
            () => void events.push('mark written'),
          );
        },
      },
      audit: { write: async () => void events.push('record written'), lastOf: async () => null },
      logger: log,
    };
    let answered = false;
    const answer = resetDevice(deps as never, { uid: 'u1', email: null }, 'A4C1E8000001').then((result) => {
      answered = true;
      return result;
    });
    await vi.waitFor(() => expect(events).toEqual(['mark started', 'record written']), { timeout: 10_000 });
    expect(answered).toBe(false);
    releaseMark();
    await expect(answer).resolves.toMatchObject({ status: 'sent', requestId: 'r1' });
    expect(events).toEqual(['mark started', 'record written', 'mark written']);
    expect(log.errors).toEqual([]);
  });
});

/** One audit record written for an operation or a device test: a failed write is logged, never thrown. */
import { describe, expect, it } from 'vitest';
import { writeAudit } from './operations';

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

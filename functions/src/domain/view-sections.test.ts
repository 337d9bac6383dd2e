import { describe, expect, it } from 'vitest';
import { seedThresholdSet } from '@insight/common/threshold-seed';
import type { ThresholdSet } from '@insight/common/threshold-grading';
import {
  account,
  billing,
  certificate,
  details,
  firmware,
  lan,
  MAC,
  portListing,
  product,
  state,
} from '../testing/fixtures';
import { staticThresholds } from './grading/threshold-source';
import type { UpstreamCalls } from './upstream-calls';
import { sectionLoaders } from './view-sections';

/**
 * Upstream calls whose answers arrive with other I/O ready behind them (an immediate queued at the same
 * moment, as the other views' upstream answers are under load), and a threshold set that records the
 * moment it is first read: the section's grading.
 */
function scene({ customer = false } = {}) {
  const order: string[] = [];
  const answer = <T>(value: T) =>
    Promise.resolve().then(() => {
      setImmediate(() => order.push('pending I/O'));
      return { value, fetchedAt: 0, cached: false };
    });
  const calls = {
    customerAccount: () => answer(customer ? account() : null),
    billingAccounts: () => answer([billing()]),
    lokiMacs: () => answer({ customerAccountNumber: account().customerAccountNumber, macs: [] }),
    products: () => answer([product()]),
    details: () => answer(details()),
    state: () => answer(state()),
    firmware: () => answer(firmware()),
    lan: () => answer(lan()),
    birthCertificates: () => answer([certificate('bc-1', '2026-11-01T10:00:00Z')]),
    portListing: () => answer(portListing()),
  } as unknown as UpstreamCalls;
  const set = new Proxy(seedThresholdSet(), {
    get(target, property, receiver) {
      // `then` is read by every await of the set itself, not by grading.
      if (property !== 'then' && !order.includes('grading')) order.push('grading');
      return Reflect.get(target, property, receiver) as unknown;
    },
  }) as ThresholdSet;
  return { order, loaders: sectionLoaders(calls, staticThresholds(set)) };
}

describe('view sections under load', () => {
  for (const section of ['wan', 'lan', 'birth-certificates', 'neighbourhood'] as const)
    it(`when the ${section} section's upstream answers are in, then it grades them only after the I/O already waiting`, async () => {
      const { order, loaders } = scene();
      const answer = (await loaders[section](MAC, 'en', false)) as { data: unknown };
      expect(answer.data).toBeDefined();
      expect(order).toContain('grading');
      await new Promise((resolve) => setImmediate(resolve));
      // Every answer queued its I/O before the section graded: all of it was handled first.
      const grading = order.indexOf('grading');
      expect(grading).toBeGreaterThan(0);
      expect(order.slice(grading + 1)).not.toContain('pending I/O');
    });

  it('when the customer section is ready, then it is handed over only after the I/O already waiting', async () => {
    const { order, loaders } = scene({ customer: true });
    const answer = (await loaders.customer(MAC, 'en', false)) as { data: unknown };
    order.push('handed over');
    expect(answer.data).toBeDefined();
    await new Promise((resolve) => setImmediate(resolve));
    const handedOver = order.indexOf('handed over');
    expect(handedOver).toBeGreaterThan(0);
    expect(order.slice(handedOver + 1)).not.toContain('pending I/O');
  });
});

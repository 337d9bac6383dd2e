import type { Customer, SectionResponse } from '@insight/common/customer360';
import { AppError } from '../../lib/app-error';
import { toSectionError } from '../section-error';
import { stamp, type UpstreamCalls } from '../upstream-calls';
import { assembleCustomer } from './assemble-customer';

/**
 * The customer section: account (by device MAC) → billing accounts and loki data in parallel → the chosen
 * account's products. A 404 on the account lookup is 'MAC not found'; any other failure is the
 * 'other server error' value with the failing path shape and message.
 */
export async function getCustomer(
  calls: UpstreamCalls,
  mac: string,
  language: string,
  fresh: boolean,
): Promise<SectionResponse<Customer>> {
  try {
    const account = await calls.customerAccount(mac, language, fresh);
    if (!account.value) throw new AppError('mac_not_found', 'MAC not found');
    const number = account.value.customerAccountNumber;
    const [billing, loki] = await Promise.all([
      calls.billingAccounts(number, language, fresh),
      calls
        .lokiMacs(number, fresh)
        .catch((error: unknown) => ({ value: toSectionError(error), fetchedAt: Date.now(), cached: false })),
    ]);
    const chosen =
      billing.value.length <= 1
        ? billing.value[0]
        : (billing.value.find((b) => b.accountStatus === 'ACTIVE') ?? billing.value[0]);
    const products = chosen
      ? await calls.products(chosen.billingAccountNumber, language, fresh)
      : { value: [], fetchedAt: Date.now(), cached: true };
    const data = assembleCustomer({
      mac,
      account: account.value,
      billingAccounts: billing.value,
      products: products.value,
      loki: loki.value,
    });
    return { data, ...stamp([account, billing, products, loki]) };
  } catch (error) {
    if (error instanceof AppError && error.code === 'upstream_error') {
      throw new AppError('other_server_error', error.message, { path: error.path, cause: error });
    }
    throw error;
  }
}

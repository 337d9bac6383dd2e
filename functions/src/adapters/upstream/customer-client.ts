import {
  billingAccountListSchema,
  customerAccountSchema,
  lokiMacsSchema,
  productListSchema,
} from '@insight/common/upstream/customer';
import { AppError } from '../../lib/app-error';
import type { CustomerClient } from '../../domain/ports/upstream-clients';
import { call, callRequired, type ServiceConfig } from './transport';

const accountNumber = (value: string) => {
  // Identifiers that come back from one upstream are checked before they go into another's URL.
  if (!/^\d{1,20}$/.test(value))
    throw new AppError('upstream_error', 'Upstream returned an invalid account number', {
      path: '/customer-accounts',
    });
  return value;
};

/** Customer, billing and product services. */
export function createCustomerClient(service: ServiceConfig): CustomerClient {
  return {
    /** Null when no customer has this device (404). */
    customerAccount: (mac: string, language: string) =>
      call(
        service,
        { path: '/customer-accounts', query: { language, deviceMac: mac } },
        customerAccountSchema,
        { allow404: true },
      ),
    billingAccounts: (customerAccountNumber: string, language: string) =>
      callRequired(
        service,
        {
          path: '/customer-accounts/{customerAccountNumber}/billing-accounts',
          params: { customerAccountNumber: accountNumber(customerAccountNumber) },
          query: { language },
        },
        billingAccountListSchema,
      ),
    products: (billingAccountNumber: string, language: string) =>
      callRequired(
        service,
        {
          path: '/billing-accounts/{billingAccountNumber}/products',
          params: { billingAccountNumber: accountNumber(billingAccountNumber) },
          query: { language },
        },
        productListSchema,
      ),
    lokiMacs: (customerAccountNumber: string) =>
      callRequired(
        service,
        {
          path: '/customer-accounts/{customerAccountNumber}/loki/macs',
          params: { customerAccountNumber: accountNumber(customerAccountNumber) },
        },
        lokiMacsSchema,
      ),
  };
}

import type { FastifyInstance } from 'fastify';
import type { CustomerAccount, Product } from '@insight/common/upstream/customer';
import { applyFault } from '../faults';
import { device, language, notFound, params, query, type SimContext } from './context';

/** Customer, billing, product, loki and device services. */
export function customerRoutes(app: FastifyInstance, ctx: SimContext): void {
  app.get('/customer-accounts', async (req, reply) => {
    const lang = language(req, reply);
    if (!lang) return reply;
    const found = await device(ctx, req, reply, query(req).deviceMac, 'customer');
    if (!found) return reply;
    const { account } = found.customer;
    const body: CustomerAccount = {
      customerAccountNumber: account.customerAccountNumber,
      customerAccountType: account.customerAccountType,
      customerAccountTypeName: account.typeNames[lang],
      contactList: account.contactList,
    };
    return body;
  });

  app.get('/customer-accounts/:accountNumber/billing-accounts', async (req, reply) => {
    if (!language(req, reply)) return reply;
    const customer = ctx.store.byAccountNumber(params(req).accountNumber!);
    if (!customer) return notFound(reply, 'Unknown customer account');
    if (await applyFault(req, reply, 'customer', null, ctx.options)) return reply;
    return customer.billingAccounts;
  });

  app.get('/billing-accounts/:billingNumber/products', async (req, reply) => {
    const lang = language(req, reply);
    if (!lang) return reply;
    const { billingNumber } = params(req);
    const customer = ctx.store.byBillingNumber(billingNumber!);
    if (!customer) return notFound(reply, 'Unknown billing account');
    if (await applyFault(req, reply, 'customer', null, ctx.options)) return reply;
    const products: Product[] = customer.products[billingNumber!]!.map(({ offerNames, ...product }) => ({
      ...product,
      offerName: offerNames[lang],
    }));
    return products;
  });

  app.get('/customer-accounts/:accountNumber/loki/macs', async (req, reply) => {
    const customer = ctx.store.byAccountNumber(params(req).accountNumber!);
    if (!customer) return notFound(reply, 'Unknown customer account');
    if (await applyFault(req, reply, 'customer', null, ctx.options)) return reply;
    return { customerAccountNumber: customer.account.customerAccountNumber, macs: customer.lokiMacs };
  });

  app.get('/devices/:mac', async (req, reply) => {
    const found = await device(ctx, req, reply, params(req).mac, 'devices');
    if (!found) return reply;
    return {
      mac: found.customer.mac,
      model: found.customer.details.model,
      networkType: found.customer.networkType,
    };
  });
}

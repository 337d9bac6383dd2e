import { Router } from 'express';
import type { CustomerAccount, Product } from '@insight/common/upstream/customer';
import { applyFault } from '../faults';
import { device, language, notFound, type SimContext } from './context';

/** Customer, billing, product, loki and device services. */
export function customerRoutes(ctx: SimContext): Router {
  const router = Router();

  router.get('/customer-accounts', async (req, res) => {
    const lang = language(req, res);
    if (!lang) return;
    const found = await device(ctx, req, res, req.query.deviceMac, 'customer');
    if (!found) return;
    const { account } = found.customer;
    const body: CustomerAccount = {
      customerAccountNumber: account.customerAccountNumber,
      customerAccountType: account.customerAccountType,
      customerAccountTypeName: account.typeNames[lang],
      contactList: account.contactList,
    };
    res.json(body);
  });

  router.get('/customer-accounts/:accountNumber/billing-accounts', async (req, res) => {
    if (!language(req, res)) return;
    const customer = ctx.store.byAccountNumber(req.params.accountNumber);
    if (!customer) return notFound(res, 'Unknown customer account');
    if (await applyFault(req, res, 'customer', null, ctx.options)) return;
    res.json(customer.billingAccounts);
  });

  router.get('/billing-accounts/:billingNumber/products', async (req, res) => {
    const lang = language(req, res);
    if (!lang) return;
    const customer = ctx.store.byBillingNumber(req.params.billingNumber);
    if (!customer) return notFound(res, 'Unknown billing account');
    if (await applyFault(req, res, 'customer', null, ctx.options)) return;
    const products: Product[] = customer.products[req.params.billingNumber]!.map(
      ({ offerNames, ...product }) => ({ ...product, offerName: offerNames[lang] }),
    );
    res.json(products);
  });

  router.get('/customer-accounts/:accountNumber/loki/macs', async (req, res) => {
    const customer = ctx.store.byAccountNumber(req.params.accountNumber);
    if (!customer) return notFound(res, 'Unknown customer account');
    if (await applyFault(req, res, 'customer', null, ctx.options)) return;
    res.json({ customerAccountNumber: customer.account.customerAccountNumber, macs: customer.lokiMacs });
  });

  router.get('/devices/:mac', async (req, res) => {
    const found = await device(ctx, req, res, req.params.mac, 'devices');
    if (!found) return;
    res.json({
      mac: found.customer.mac,
      model: found.customer.details.model,
      networkType: found.customer.networkType,
    });
  });

  return router;
}

/** Builds the Customer of docs/requirements.md, "Customer" from the upstream answers: pure rules, tested one by one. */
import { formatPhone } from '@insight/common/format';
import type { Customer, SectionError, ServiceTreeNode } from '@insight/common/customer360';
import type {
  Address,
  BillingAccount,
  Contact,
  CustomerAccount,
  LokiMacs,
  Product,
  ProductInstance,
} from '@insight/common/upstream/customer';

export function fullName(contact: Contact): string {
  return [contact.firstName, contact.middleName, contact.lastName]
    .filter((part) => part && part.trim())
    .join(' ');
}

/** line1 is the primary contact, line2 the secondary one (optional). */
export function customerName(contacts: Contact[]): Customer['name'] {
  const primary = contacts.find((contact) => contact.isPrimaryContact) ?? contacts[0];
  const secondary = contacts.find((contact) => contact !== primary);
  return { line1: primary ? fullName(primary) : '-', line2: secondary ? fullName(secondary) : null };
}

/** One billing account is used; of several, the ACTIVE one (else the first, flagged by its status). */
export function chooseBillingAccount(accounts: BillingAccount[]): BillingAccount | null {
  if (accounts.length <= 1) return accounts[0] ?? null;
  return accounts.find((account) => account.accountStatus === 'ACTIVE') ?? accounts[0]!;
}

export function addressLines(address: Address): string[] {
  const unit = address.unitValue
    ? `${address.unitType ? `${address.unitType} ` : ''}${address.unitValue}-`
    : '';
  const street = [
    address.streetTypePrefix,
    address.streetName,
    address.streetTypeSuffix,
    address.directionalSuffix,
  ]
    .filter(Boolean)
    .join(' ');
  const first = `${unit}${address.streetNumber} ${street}`.trim();
  const extra = [
    address.ruralRoute && `RR ${address.ruralRoute}`,
    address.poBox && `PO Box ${address.poBox}`,
    address.stationType,
  ]
    .filter(Boolean)
    .join(', ');
  return [first, ...(extra ? [extra] : []), `${address.city} ${address.province}  ${address.postalCode}`];
}

/** Products grouped by identical address, each address with the names of its services. */
export function groupAddresses(products: Product[]): Customer['addresses'] {
  const groups = new Map<string, Customer['addresses'][number]>();
  for (const product of products) {
    const key = JSON.stringify(product.address);
    const lines = addressLines(product.address);
    const group = groups.get(key) ?? {
      address: lines.join(', '),
      lines,
      fiberNode: product.address.fiberNode,
      services: [],
    };
    if (!group.services.includes(product.offerName)) group.services.push(product.offerName);
    groups.set(key, group);
  }
  return [...groups.values()];
}

function toTree(instance: ProductInstance | Product): ServiceTreeNode {
  return { id: instance.id, name: instance.offerName, children: instance.childProductInstances.map(toTree) };
}

/** The Internet plan's speeds: the first product that states them (docs/device-tests.md). */
export function planOf(products: Product[]): Customer['plan'] {
  const product = products.find((item) => item.speed);
  return product?.speed
    ? {
        offerName: product.offerName,
        downloadMbps: product.speed.downloadMbps,
        uploadMbps: product.speed.uploadMbps,
      }
    : null;
}

export interface CustomerParts {
  mac: string;
  account: CustomerAccount;
  billingAccounts: BillingAccount[];
  products: Product[];
  loki: LokiMacs | { error: SectionError };
}

export function assembleCustomer({ mac, account, billingAccounts, products, loki }: CustomerParts): Customer {
  const billing = chooseBillingAccount(billingAccounts);
  const primary = account.contactList.find((contact) => contact.isPrimaryContact) ?? account.contactList[0];
  return {
    mac,
    name: customerName(account.contactList),
    addresses: groupAddresses(products),
    phone: formatPhone(primary?.phoneNumber),
    phones: [
      ...new Set(
        account.contactList
          .map((contact) => contact.phoneNumber?.replace(/\D/g, '') ?? '')
          .filter((digits) => digits.length === 10),
      ),
    ],
    customerAccountId: account.customerAccountNumber,
    customerAccountType: account.customerAccountType,
    customerAccountTypeName: account.customerAccountTypeName,
    customerAccount: account.customerAccountNumber,
    billingAccount: billing?.billingAccountNumber ?? null,
    billingAccountStatus: billing?.accountStatus ?? null,
    billingAccountCount: billingAccounts.length,
    email: billing?.ebillAddress ?? null,
    node: products[0]?.address.fiberNode ?? null,
    servicesTree: products.map(toTree),
    plan: planOf(products),
    lokiData: 'error' in loki ? loki : loki.macs,
  };
}

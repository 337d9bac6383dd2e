/**
 * One catalogue customer with every upstream answer, as the generator builds it (generate.ts) and the
 * scenarios adjust it (scenarios.ts): the type both name, below both.
 */
import type { BillingAccount } from '@insight/common/upstream/customer';
import type { LanCpe } from '@insight/common/upstream/lan';
import type { TelephonySubscriber } from '@insight/common/upstream/telephony';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import type { CatalogueAccount } from './generators/customer-account';
import type { CatalogueLokiMacs } from './generators/loki';
import type { CatalogueProducts } from './generators/products';
import type { CatalogueWan } from './generators/wan';

export interface CatalogueCustomer extends CatalogueWan {
  index: number;
  mac: string;
  province: 'ON' | 'QC';
  networkType: 'EPON' | 'GPON';
  serialNumber: string;
  hostIpMta: string | null;
  account: CatalogueAccount;
  billingAccounts: BillingAccount[];
  /** Products per billing account number. */
  products: CatalogueProducts;
  lokiMacs: CatalogueLokiMacs;
  lan: LanCpe;
  telephony: TelephonySubscriber | null;
  birthCertificates: BirthCertificate[];
}

import type { Faker } from '@faker-js/faker';
import type { Address, BillingAccount, Product, ProductInstance } from '@insight/common/upstream/customer';
import { CITIES, DIRECTIONS, STREET_TYPES_EN, STREET_TYPES_FR } from '../places';
import { chance, int, pick, type Rng } from '../random';
import { MODELS, OFFERS, type Draw, type Plan } from './draw';

type Names = { offerNames: { en: string; fr: string } };
/** Products per billing account number, their offer named in both languages. */
export type CatalogueProducts = Record<string, Array<Omit<Product, 'offerName'> & Names>>;

function makeAddress(rng: Rng, faker: Faker, province: 'ON' | 'QC', fiberNode: string): Address {
  const city = pick(rng, CITIES[province]);
  const french = province === 'QC';
  const postal = faker.location.zipCode('?#? #?#').toUpperCase();
  return {
    unitValue: chance(rng, 0.25) ? String(int(rng, 1, 1800)) : null,
    unitType: null,
    streetNumber: String(int(rng, 1, 9999)),
    streetTypePrefix: french ? pick(rng, STREET_TYPES_FR) : null,
    streetName: faker.person.lastName(),
    streetTypeSuffix: french ? null : pick(rng, STREET_TYPES_EN),
    directionalSuffix: chance(rng, 0.08) ? pick(rng, DIRECTIONS) : null,
    city: city.city,
    province,
    postalCode: `${city.postal}${postal.slice(1)}`,
    ruralRoute: null,
    poBox: null,
    stationType: null,
    fiberNode,
  };
}

/** The product service's products of each billing account: Internet with its modem, and phone and TV when taken. */
export function generateProducts(
  draw: Draw,
  plan: Plan,
  billingAccounts: BillingAccount[],
): CatalogueProducts {
  const { rng, faker, province, city, fiberNode, networkType, customerAccountNumber } = draw;
  const home = makeAddress(rng, faker, province, fiberNode);
  const second = chance(rng, 0.1)
    ? makeAddress(rng, faker, province, `${city.code}${String(int(rng, 100, 999))}`)
    : null;
  const child = (name: string, offer: { en: string; fr: string }): ProductInstance & Names => ({
    id: `${name}-${customerAccountNumber}`,
    offerName: offer.en,
    offerNames: offer,
    childProductInstances: [],
  });
  const products: CatalogueProducts = {};
  for (const account of billingAccounts) {
    const list: CatalogueProducts[string] = [];
    list.push({
      id: `INT-${account.billingAccountNumber}`,
      offerNames: { en: plan.internet.en, fr: plan.internet.fr },
      status: 'ACTIVE',
      // The offer's speeds, as the WAN's productSpeeds states them.
      speed: { downloadMbps: plan.internet.down, uploadMbps: plan.internet.up },
      address: home,
      childProductInstances: [
        ...(plan.podCount > 0 ? [child('WIFI', OFFERS.wifi)] : []),
        child('MODEM', {
          en: `Fibre modem ${pick(rng, MODELS[networkType])}`,
          fr: `Modem fibre ${pick(rng, MODELS[networkType])}`,
        }),
      ],
    });
    if (plan.voiceCount > 0)
      list.push({
        id: `VOI-${account.billingAccountNumber}`,
        offerNames: OFFERS.phone,
        status: 'ACTIVE',
        address: home,
        childProductInstances: [],
      });
    if (plan.hasTv)
      list.push({
        id: `TV-${account.billingAccountNumber}`,
        offerNames: OFFERS.tv,
        status: 'ACTIVE',
        address: second ?? home,
        childProductInstances: [],
      });
    products[account.billingAccountNumber] = list;
  }
  return products;
}

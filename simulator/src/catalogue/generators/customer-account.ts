import type { Contact, CustomerAccount } from '@insight/common/upstream/customer';
import { chance, weighted } from '../random';
import { phone, type Draw } from './draw';

export type CatalogueAccount = Omit<CustomerAccount, 'customerAccountTypeName'> & {
  typeNames: { en: string; fr: string };
};

/** The customer service's account: residential or business, one or two contacts. */
export function generateAccount({ rng, faker, customerAccountNumber }: Draw): CatalogueAccount {
  const type = chance(rng, 0.9) ? 'RES' : 'BUS';
  const contactCount = chance(rng, 0.6) ? 2 : 1;
  const phoneShape = weighted(rng, [
    ['ten', 85],
    ['nine', 8],
    ['none', 7],
  ] as const);
  const contacts: Contact[] = Array.from({ length: contactCount }, (_, i) => ({
    firstName: faker.person.firstName(),
    middleName: chance(rng, 0.2) ? faker.person.firstName() : null,
    lastName: faker.person.lastName(),
    isPrimaryContact: i === 0,
    phoneNumber: i === 0 ? phone(rng, phoneShape) : phone(rng, 'ten'),
  }));
  // Upstream order is not guaranteed: the primary contact is sometimes second.
  if (contactCount === 2 && chance(rng, 0.3)) contacts.reverse();
  return {
    customerAccountNumber,
    customerAccountType: type,
    typeNames: type === 'RES' ? { en: 'Residential', fr: 'Résidentiel' } : { en: 'Business', fr: 'Affaires' },
    contactList: contacts,
  };
}

import { describe, expect, it } from 'vitest';
import { account, billing, contact, otherAddress, product } from '../../testing/fixtures';
import { assembleCustomer, chooseBillingAccount, customerName, groupAddresses } from './assemble-customer';

describe('customer assembly (docs/requirements.md, "Customer")', () => {
  it('when there are two contacts, then line1 is the primary and line2 the secondary, whatever their order', () => {
    expect(
      customerName([
        contact({ firstName: 'Luc', isPrimaryContact: false }),
        contact({ firstName: 'Marie', middleName: 'J', isPrimaryContact: true }),
      ]),
    ).toEqual({
      line1: 'Marie J Tremblay',
      line2: 'Luc Tremblay',
    });
  });
  it('when there is no secondary contact, then line2 is null', () => {
    expect(customerName([contact()])).toEqual({ line1: 'Marie Tremblay', line2: null });
  });
  it.each([
    ['6135551234', '613-555-1234'],
    ['613555123', '613555123'],
    [null, '-'],
  ])('when the primary phone is %j, then the phone shows %s', (phoneNumber, expected) => {
    const customer = assembleCustomer({
      mac: 'M',
      account: account({ contactList: [contact({ phoneNumber })] }),
      billingAccounts: [billing()],
      products: [product()],
      loki: { customerAccountNumber: '1', macs: [] },
    });
    expect(customer.phone).toBe(expected);
  });
  it('when products share an address, then it is listed once with all their service names', () => {
    const groups = groupAddresses([
      product(),
      product({ id: 'VOI', offerName: 'Home Phone' }),
      product({ id: 'TV', offerName: 'TiVo TV', address: otherAddress }),
    ]);
    expect(groups).toHaveLength(2);
    expect(groups[0]).toMatchObject({
      services: ['Fibre Internet 1 Gbps', 'Home Phone'],
      lines: ['12 Elgin St', 'Ottawa ON  K1P 1A1'],
      fiberNode: 'OTT101',
    });
    expect(groups[1]!.services).toEqual(['TiVo TV']);
  });
  it('when there is one billing account, then it is used whatever its status', () => {
    expect(chooseBillingAccount([billing({ accountStatus: 'SUSPENDED' })])?.accountStatus).toBe('SUSPENDED');
  });
  it('when there are several billing accounts, then the ACTIVE one is used', () => {
    expect(
      chooseBillingAccount([
        billing({ billingAccountNumber: '1', accountStatus: 'CLOSED' }),
        billing({ billingAccountNumber: '2', accountStatus: 'ACTIVE' }),
      ])?.billingAccountNumber,
    ).toBe('2');
  });
  it('when there are several billing accounts and none is ACTIVE, then the first is used', () => {
    expect(
      chooseBillingAccount([
        billing({ billingAccountNumber: '1', accountStatus: 'CLOSED' }),
        billing({ billingAccountNumber: '2', accountStatus: 'SUSPENDED' }),
      ])?.billingAccountNumber,
    ).toBe('1');
  });
  it('takes the e-mail from the chosen e-bill address, the node from the first product and builds the services tree', () => {
    const customer = assembleCustomer({
      mac: 'AABBCCDDEEFF',
      account: account(),
      billingAccounts: [
        billing({ billingAccountNumber: '1', accountStatus: 'CLOSED', ebillAddress: 'old@x.ca' }),
        billing({ billingAccountNumber: '2', ebillAddress: 'new@x.ca' }),
      ],
      products: [
        product(),
        product({ id: 'TV', offerName: 'TiVo', address: otherAddress, childProductInstances: [] }),
      ],
      loki: { customerAccountNumber: '1', macs: [{ mac: 'X', deviceType: 'ONT', lastSeen: 't' }] },
    });
    expect(customer).toMatchObject({
      email: 'new@x.ca',
      billingAccount: '2',
      node: 'OTT101',
      customerAccountId: '800000003',
      customerAccountTypeName: 'Residential',
      billingAccountCount: 2,
    });
    expect(customer.servicesTree[0]).toEqual({
      id: 'INT-1',
      name: 'Fibre Internet 1 Gbps',
      children: [{ id: 'MODEM-1', name: 'Fibre modem', children: [] }],
    });
    expect(customer.lokiData).toEqual([{ mac: 'X', deviceType: 'ONT', lastSeen: 't' }]);
  });
});

/**
 * The upstream services as the domain needs them. The adapters in adapters/upstream implement these
 * ports (each client is declared `satisfies` its port), so the domain never imports an adapter.
 */
import type { z } from 'zod';
import type { Lan, VoiceOperation } from '@insight/common/customer360';
import type {
  birthCertificateListSchema,
  birthCertificateSchema,
  RegenerationRequest,
  SmsRequest,
  smsResponseSchema,
} from '@insight/common/upstream/birth-certificate';
import type {
  billingAccountListSchema,
  customerAccountSchema,
  lokiMacsSchema,
  productListSchema,
} from '@insight/common/upstream/customer';
import type { searchAnswerSchema } from '@insight/common/upstream/search';
import type {
  telephonySubscriberSchema,
  voiceOperationResponseSchema,
} from '@insight/common/upstream/telephony';
import type {
  onuActionResponseSchema,
  onuDetailsSchema,
  onuFirmwareSchema,
  onuRegistrationSchema,
  onuStateSchema,
  ponPortListingSchema,
  provisioningStatusSchema,
} from '@insight/common/upstream/wan';

type Out<S extends z.ZodType> = z.output<S>;
export type NetworkType = 'EPON' | 'GPON';

export interface CustomerClient {
  /** Null when no customer has this device (404). */
  customerAccount(mac: string, language: string): Promise<Out<typeof customerAccountSchema> | null>;
  billingAccounts(
    customerAccountNumber: string,
    language: string,
  ): Promise<Out<typeof billingAccountListSchema>>;
  products(billingAccountNumber: string, language: string): Promise<Out<typeof productListSchema>>;
  lokiMacs(customerAccountNumber: string): Promise<Out<typeof lokiMacsSchema>>;
}

export interface WanClient {
  details(mac: string): Promise<Out<typeof onuDetailsSchema>>;
  state(mac: string): Promise<Out<typeof onuStateSchema>>;
  firmware(mac: string): Promise<Out<typeof onuFirmwareSchema>>;
  registration(mac: string): Promise<Out<typeof onuRegistrationSchema>>;
  provisioningStatus(mac: string, language: string): Promise<Out<typeof provisioningStatusSchema>>;
  /** Operations take an idempotency key: the same key again is not done twice upstream. */
  reset(mac: string, idempotencyKey?: string): Promise<Out<typeof onuActionResponseSchema>>;
}

export interface PonPortClient {
  /** The ONUs of a PON port (null: the WAN service does not know it); `olt` and `port` already validated. */
  listing(olt: string, port: string): Promise<Out<typeof ponPortListingSchema> | null>;
}

export interface LanClient {
  /** Mapped into the project's own type by the adapter. */
  cpe(mac: string): Promise<Lan>;
}

export interface TelephonyClient {
  /** Null when the device has no telephony subscriber. */
  subscriber(
    networkType: NetworkType,
    serialNumber: string,
    hostIpMta: string | null,
  ): Promise<Out<typeof telephonySubscriberSchema> | null>;
  operate(
    serialNumber: string,
    port: number,
    operation: VoiceOperation,
    idempotencyKey?: string,
  ): Promise<Out<typeof voiceOperationResponseSchema>>;
}

export interface BirthCertificateClient {
  /** Null when the device has no birth certificate yet (404). */
  list(
    networkType: NetworkType,
    networkGroup: string,
    mac: string,
  ): Promise<Out<typeof birthCertificateListSchema> | null>;
  regenerate(
    method: 'PUT' | 'POST',
    networkType: NetworkType,
    networkGroup: string,
    body: RegenerationRequest,
    idempotencyKey?: string,
  ): Promise<Out<typeof birthCertificateSchema>>;
}

export interface SmsClient {
  send(request: SmsRequest, idempotencyKey?: string): Promise<Out<typeof smsResponseSchema>>;
}

export interface SearchClient {
  /** The best `limit` customers for a validated query, and how many matched in all. */
  customers(query: string, limit: number): Promise<Out<typeof searchAnswerSchema>>;
}

export interface Clients {
  customer: CustomerClient;
  wan: WanClient;
  ponPorts: PonPortClient;
  lan: LanClient;
  telephony: TelephonyClient;
  birthCertificates: BirthCertificateClient;
  sms: SmsClient;
  search: SearchClient;
}

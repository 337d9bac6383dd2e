/** Upstream contracts: customer, billing and product services (docs/requirements.md, "Customer" and "Upstream calls"). */
import { z } from 'zod';

export const contactSchema = z.object({
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  isPrimaryContact: z.boolean(),
  phoneNumber: z.string().nullable(),
});

export const customerAccountSchema = z.object({
  customerAccountNumber: z.string(),
  customerAccountType: z.enum(['RES', 'BUS']),
  customerAccountTypeName: z.string(),
  contactList: z.array(contactSchema),
});

export const billingAccountSchema = z.object({
  billingAccountNumber: z.string(),
  customerAccountId: z.string(),
  ebillAddress: z.string().nullable(),
  accountStatus: z.enum(['ACTIVE', 'SUSPENDED', 'CLOSED']),
});
export const billingAccountListSchema = z.array(billingAccountSchema);

export const addressSchema = z.object({
  unitValue: z.string().nullable(),
  unitType: z.string().nullable(),
  streetNumber: z.string(),
  streetTypePrefix: z.string().nullable(),
  streetName: z.string(),
  streetTypeSuffix: z.string().nullable(),
  directionalSuffix: z.string().nullable(),
  city: z.string(),
  province: z.enum(['ON', 'QC']),
  postalCode: z.string(),
  ruralRoute: z.string().nullable(),
  poBox: z.string().nullable(),
  stationType: z.string().nullable(),
  fiberNode: z.string().nullable(),
});

export interface ProductInstance {
  id: string;
  offerName: string;
  childProductInstances: ProductInstance[];
}
export const productInstanceSchema: z.ZodType<ProductInstance> = z.lazy(() =>
  z.object({ id: z.string(), offerName: z.string(), childProductInstances: z.array(productInstanceSchema) }),
);

/** An Internet offer's speeds in Mb/s, as the product service states them (absent for other products). */
export const productSpeedSchema = z.object({
  downloadMbps: z.number().positive().max(100_000),
  uploadMbps: z.number().positive().max(100_000),
});
export type ProductSpeed = z.infer<typeof productSpeedSchema>;

export const productSchema = z.object({
  id: z.string(),
  offerName: z.string(),
  status: z.string(),
  address: addressSchema,
  childProductInstances: z.array(productInstanceSchema),
  speed: productSpeedSchema.nullable().optional(),
});
export const productListSchema = z.array(productSchema);

export const lokiMacsSchema = z.object({
  customerAccountNumber: z.string(),
  macs: z.array(z.object({ mac: z.string(), deviceType: z.string(), lastSeen: z.string() })),
});

export const deviceSchema = z.object({
  mac: z.string(),
  model: z.string(),
  networkType: z.enum(['EPON', 'GPON']),
});

export type Contact = z.infer<typeof contactSchema>;
export type CustomerAccount = z.infer<typeof customerAccountSchema>;
export type BillingAccount = z.infer<typeof billingAccountSchema>;
export type Address = z.infer<typeof addressSchema>;
export type Product = z.infer<typeof productSchema>;
export type LokiMacs = z.infer<typeof lokiMacsSchema>;
export type Device = z.infer<typeof deviceSchema>;

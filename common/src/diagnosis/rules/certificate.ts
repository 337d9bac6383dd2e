/** The birth certificate's findings: none at all, or one older than the device's last registration. */
import type { BirthCertificatesSection, WanSection } from '../../customer360';
import type { Finding } from '../types';
import { finding } from './finding';

export function certificateFindings(section: BirthCertificatesSection, wan: WanSection | null): Finding[] {
  const newest = section.certificates[0];
  if (!newest) return [finding('bc', 'bcMissing', 'warn', 'bc')];
  const registration = wan?.registration && !('error' in wan.registration) ? wan.registration : null;
  const registeredAt = registration?.registeredAt ? Date.parse(registration.registeredAt) : NaN;
  const issuedAt = Date.parse(newest.ts);
  if (Number.isFinite(registeredAt) && Number.isFinite(issuedAt) && registeredAt > issuedAt)
    return [
      finding('bc', 'bcStale', 'warn', 'bc', {
        hours: Math.round((registeredAt - issuedAt) / 3_600_000),
        certificateId: newest.id,
      }),
    ];
  return [];
}

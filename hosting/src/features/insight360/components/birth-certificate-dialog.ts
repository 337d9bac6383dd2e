/** What the certificates' panel and its dialogs (birth-certificate-panel.tsx, …-dialogs.tsx) both name. */
import type { gradedToday } from '@insight/common/certificate-verdict';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';

/** The open dialog: the regeneration, or the SMS of one certificate. */
export type CertificateDialog =
  'regenerate' | { sms: BirthCertificate; today: ReturnType<typeof gradedToday> } | null;

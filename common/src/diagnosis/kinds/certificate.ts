/** The birth certificate’s findings: records, which lower the confidence and take nothing from the score. */
import type { KindSpec } from '../kind-spec';

export const CERTIFICATE_KINDS = {
  bcMissing: {
    section: 'bc',
    rank: 320,
    score: 'confidence',
    playbook: {
      tab: 'bc',
      action: 'regenerateBc',
      en: [
        'The device has no birth certificate',
        'The installation record was never generated.',
        'Generate the birth certificate now.',
      ],
      fr: [
        'L’appareil n’a pas de certificat de naissance',
        'Le dossier d’installation n’a jamais été produit.',
        'Produisez le certificat de naissance maintenant.',
      ],
    },
  },
  bcStale: {
    section: 'bc',
    rank: 330,
    score: 'confidence',
    playbook: {
      tab: 'bc',
      action: 'regenerateBc',
      en: [
        'The birth certificate predates the device’s last change',
        'The device registered again {hours} h after its newest certificate: the record no longer describes it.',
        'Regenerate the birth certificate, then text it to the customer if asked.',
      ],
      fr: [
        'Le certificat de naissance précède la dernière modification de l’appareil',
        'L’appareil s’est inscrit de nouveau {hours} h après son certificat le plus récent : le dossier ne le décrit plus.',
        'Régénérez le certificat de naissance, puis textez-le au client s’il le demande.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

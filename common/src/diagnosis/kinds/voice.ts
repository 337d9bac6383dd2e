/** The phone service’s findings: the adapter and the subscribed lines. */
import type { KindSpec } from '../kind-spec';

export const VOICE_KINDS = {
  voiceAtaOffline: {
    section: 'voice',
    rank: 200,
    score: { group: 'voice' },
    playbook: {
      tab: 'voice',
      action: 'reset',
      en: [
        'The phone adapter is offline',
        'The ATA lost power or its connection to the network.',
        'Ask the customer to check the adapter’s power, then reset the device.',
      ],
      fr: [
        'L’adaptateur téléphonique est hors ligne',
        'L’ATA a perdu son alimentation ou sa connexion au réseau.',
        'Demandez au client de vérifier l’alimentation de l’adaptateur, puis réinitialisez l’appareil.',
      ],
    },
  },
  voiceLineDown: {
    section: 'voice',
    rank: 210,
    score: { group: 'voice' },
    playbook: {
      tab: 'voice',
      action: 'reset',
      en: [
        'Phone line {ports} is not active',
        'The line lost its registration with the voice platform.',
        'Reset the device so that the line registers again; check the line on the Voice tab afterwards.',
      ],
      fr: [
        'La ligne téléphonique {ports} n’est pas active',
        'La ligne a perdu son inscription auprès de la plateforme de téléphonie.',
        'Réinitialisez l’appareil pour que la ligne s’inscrive de nouveau; vérifiez ensuite la ligne dans l’onglet Téléphonie.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

/** The Wi-Fi’s findings: Plume’s health, weak clients, and a placement problem. */
import type { KindSpec } from '../kind-spec';

export const LAN_KINDS = {
  'wifiHealth.fail': {
    section: 'lan',
    rank: 230,
    score: { group: 'wifi' },
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        'The Wi-Fi network is in poor health',
        'Interference, congested channels or pods placed too far apart (Plume score {value}).',
        'Open Plume Frontline and run an optimisation; ask the customer where the pods are.',
      ],
      fr: [
        'Le réseau Wi-Fi est en mauvais état',
        'Des interférences, des canaux encombrés ou des pods trop éloignés (score Plume {value}).',
        'Ouvrez Plume Frontline et lancez une optimisation; demandez au client où sont les pods.',
      ],
    },
  },
  'wifiHealth.warn': {
    section: 'lan',
    rank: 300,
    score: { group: 'wifi' },
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        'The Wi-Fi network’s health is fair',
        'Some interference or a pod at the edge of coverage (Plume score {value}).',
        'Suggest moving the farthest pod closer; run an optimisation if the customer complains.',
      ],
      fr: [
        'L’état du réseau Wi-Fi est passable',
        'Des interférences ou un pod en limite de couverture (score Plume {value}).',
        'Suggérez de rapprocher le pod le plus éloigné; lancez une optimisation si le client se plaint.',
      ],
    },
  },
  wifiClients: {
    section: 'lan',
    rank: 310,
    score: { group: 'wifi' },
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        '{count} of {total} Wi-Fi devices have a weak signal',
        'Those devices are far from the gateway and the pods, or behind walls and floors.',
        'Tell the customer which devices are affected; a pod near them would help.',
      ],
      fr: [
        '{count} appareils Wi-Fi sur {total} ont un signal faible',
        'Ces appareils sont loin de la passerelle et des pods, ou derrière des murs et des planchers.',
        'Indiquez au client les appareils touchés; un pod près d’eux aiderait.',
      ],
    },
  },
  wifiPlacement: {
    section: 'lan',
    rank: 220,
    score: { group: 'wifi' },
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        'Every Wi-Fi device is poor while the fibre is fine',
        'A Wi-Fi placement problem, not a fibre one: the gateway or the pods sit badly (in a cabinet, a basement corner) for all {count} devices.',
        'Do not send a fibre technician: help the customer move the gateway or pods to an open, central spot, or offer more pods.',
      ],
      fr: [
        'Tous les appareils Wi-Fi sont faibles alors que la fibre va bien',
        'Un problème d’emplacement Wi-Fi, pas de fibre : la passerelle ou les pods sont mal placés (dans un meuble, un coin du sous-sol) pour les {count} appareils.',
        'N’envoyez pas de technicien fibre : aidez le client à déplacer la passerelle ou les pods dans un endroit central et dégagé, ou proposez des pods.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

/**
 * What the tests run from the device show (rules/tests.ts, docs/device-tests.md): whether the line delivers
 * the plan at the gateway (then the slowness is in the home, and the Wi-Fi findings lead), how far below the
 * plan it is and whether the link's own findings explain it, packet loss to the provider's servers, and a
 * crowded Wi-Fi channel. Only results younger than an hour grade the device.
 */
import type { KindSpec } from '../kind-spec';

export const TEST_KINDS = {
  speedBelowPlan: {
    section: 'wan',
    rank: 166,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The gateway gets {percent} % of the plan',
        'A speed test at the gateway measured {measured} Mb/s against a plan of {plan} Mb/s, and no other section explains it: the cause is unknown (the light, the errors and the port read fine).',
        'Escalate to the network team with the speed test’s figures and time; do not reset the device for it.',
      ],
      fr: [
        'La passerelle reçoit {percent} % du forfait',
        'Un test de vitesse à la passerelle a mesuré {measured} Mb/s pour un forfait de {plan} Mb/s, et aucune autre section ne l’explique : la cause est inconnue (la lumière, les erreurs et le port sont normaux).',
        'Transmettez à l’équipe réseau avec les chiffres et l’heure du test de vitesse; ne réinitialisez pas l’appareil pour cela.',
      ],
    },
  },
  speedBelowPlanLink: {
    section: 'wan',
    rank: 167,
    // The link's own finding takes the points: this one says what it costs the customer.
    score: 'context',
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The gateway gets {percent} % of the plan: the link’s fault explains it',
        'A speed test at the gateway measured {measured} Mb/s against a plan of {plan} Mb/s. The fibre link’s findings of this view (the light levels, the errors, the port) explain the lost speed.',
        'Fix the link finding above first, then run the speed test again.',
      ],
      fr: [
        'La passerelle reçoit {percent} % du forfait : le défaut du lien l’explique',
        'Un test de vitesse à la passerelle a mesuré {measured} Mb/s pour un forfait de {plan} Mb/s. Les constats du lien fibre de cette vue (niveaux de lumière, erreurs, port) expliquent la vitesse perdue.',
        'Réglez d’abord le constat du lien ci-dessus, puis relancez le test de vitesse.',
      ],
    },
  },
  packetLoss: {
    section: 'wan',
    rank: 168,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'Packet loss from the device to {target}',
        'A ping from the device lost {loss} % of its packets ({received} of {sent} answered) to {target}: a dirty connector or a damaged drop loses packets before speed.',
        'Book a technician to clean the connectors and check the drop; give them the ping’s figures.',
      ],
      fr: [
        'Perte de paquets de l’appareil vers {target}',
        'Un ping depuis l’appareil a perdu {loss} % de ses paquets ({received} sur {sent} ont répondu) vers {target} : un connecteur sale ou un branchement endommagé perd des paquets avant la vitesse.',
        'Planifiez un technicien pour nettoyer les connecteurs et vérifier le branchement; donnez-lui les chiffres du ping.',
      ],
    },
  },
  wifiChannelCongested: {
    section: 'lan',
    rank: 236,
    score: { group: 'wifi' },
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        'The {band} channel is congested: optimise the Wi-Fi',
        'A Wi-Fi scan found {count} networks on or overlapping channel {channel} of the {band} band: the home’s devices wait for the air.',
        'Run the Wi-Fi optimisation from the tests card (it moves the band to channel {better}), then ask the customer to try again.',
      ],
      fr: [
        'Le canal {band} est encombré : optimisez le Wi-Fi',
        'Une analyse Wi-Fi a trouvé {count} réseaux sur le canal {channel} de la bande {band} ou qui le chevauchent : les appareils du domicile attendent que l’air se libère.',
        'Lancez l’optimisation Wi-Fi depuis la carte des tests (elle passe la bande au canal {better}), puis demandez au client de réessayer.',
      ],
    },
  },
  lineDeliversPlan: {
    section: 'wan',
    rank: 305,
    // Not a fault: it moves the Wi-Fi findings to the top (score.ts, rankFindings).
    score: 'context',
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        'The line delivers the plan at the gateway: the slowness is in the home',
        'A speed test at the gateway measured {measured} Mb/s against a plan of {plan} Mb/s ({percent} %): the fibre and the network deliver what the customer pays for.',
        'Look at the Wi-Fi: where the slow devices are, how far from the gateway or a pod, and the scan’s channels; do not send a fibre technician.',
      ],
      fr: [
        'La ligne livre le forfait à la passerelle : la lenteur est dans le domicile',
        'Un test de vitesse à la passerelle a mesuré {measured} Mb/s pour un forfait de {plan} Mb/s ({percent} %) : la fibre et le réseau livrent ce que le client paie.',
        'Regardez le Wi-Fi : où sont les appareils lents, à quelle distance de la passerelle ou d’un pod, et les canaux de l’analyse; n’envoyez pas de technicien fibre.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

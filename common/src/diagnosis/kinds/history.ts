/**
 * What seven days of history show and a snapshot cannot (rules/history.ts, docs/history.md): a link that
 * drops and comes back, light that falls week by week, power cut at the home on several days, Wi-Fi that is
 * fine by day and poor every evening. Graded by the threshold manager's rules (counts and slopes).
 */
import type { KindSpec } from '../kind-spec';

export const HISTORY_KINDS = {
  intermittentLink: {
    section: 'wan',
    rank: 165,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The link dropped {count} times in 24 hours',
        'Losses of signal without a dying gasp: the light went out and came back ({times}). A damaged drop cable or a loose or dirty connector, not the power at the home.',
        'Book a technician to check the drop and clean the connectors; give them the times of the drops.',
      ],
      fr: [
        'Le lien est tombé {count} fois en 24 heures',
        'Des pertes de signal sans dernier signal : la lumière s’est éteinte puis est revenue ({times}). Un câble de branchement endommagé ou un connecteur desserré ou sale, pas l’alimentation du domicile.',
        'Planifiez un technicien pour vérifier le branchement et nettoyer les connecteurs; donnez-lui les heures des coupures.',
      ],
    },
  },
  powerCuts: {
    section: 'wan',
    rank: 175,
    score: { group: 'link', cap: 1 },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The ONU lost power on {count} days this week',
        'Dying gasps: the ONU told the OLT it was losing power before it went down ({times}). The power at the home, not the fibre.',
        'Ask whether the ONU is on a power bar, a switched outlet or a timer, and suggest a wall outlet; do not send a fibre technician.',
      ],
      fr: [
        'L’ONU a perdu son alimentation {count} jours cette semaine',
        'Des derniers signaux : l’ONU a signalé à l’OLT une perte d’alimentation avant de tomber ({times}). L’alimentation du domicile, pas la fibre.',
        'Demandez si l’ONU est branchée sur une barre d’alimentation, une prise commandée ou une minuterie, et suggérez une prise murale; n’envoyez pas de technicien fibre.',
      ],
    },
  },
  eveningCongestion: {
    section: 'lan',
    rank: 235,
    score: { group: 'wifi' },
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        'The Wi-Fi falls every evening',
        'Wi-Fi health is {value} points lower from 19:00 to 23:00 than during the day: too many devices at once, or pods placed where the evening’s rooms are not covered.',
        'Ask where the devices are used in the evening and how many; suggest moving a pod or adding one, and run a Wi-Fi scan.',
      ],
      fr: [
        'Le Wi-Fi faiblit tous les soirs',
        'La santé du Wi-Fi est inférieure de {value} points de 19 h à 23 h par rapport à la journée : trop d’appareils à la fois, ou des pods placés là où les pièces du soir ne sont pas couvertes.',
        'Demandez où et combien d’appareils sont utilisés le soir; suggérez de déplacer un pod ou d’en ajouter un, et lancez une analyse Wi-Fi.',
      ],
    },
  },
  fallingLight: {
    section: 'wan',
    rank: 245,
    score: { group: 'link', cap: 1 },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The light the ONU receives fell {value} in 7 days',
        'Receive power falling week by week: a connector getting dirty or a fibre bending further. It will fail if nothing is done.',
        'Book a technician to clean and check the connectors and the drop before the link fails.',
      ],
      fr: [
        'La lumière reçue par l’ONU a baissé de {value} en 7 jours',
        'Une puissance reçue qui baisse de semaine en semaine : un connecteur qui s’encrasse ou une fibre qui se plie davantage. Le lien tombera si rien n’est fait.',
        'Planifiez un technicien pour nettoyer et vérifier les connecteurs et le branchement avant que le lien tombe.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

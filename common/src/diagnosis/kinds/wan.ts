/** The fibre link’s own findings: the ONU’s state, its optical powers, provisioning and firmware. */
import type { KindSpec } from '../kind-spec';

export const WAN_KINDS = {
  'rxPower.fail': {
    section: 'wan',
    rank: 140,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The ONU receives too little light',
        'A dirty or damaged fibre connector, a tight bend or a break in the drop cable between the tap and the ONU.',
        'Ask the customer to check that the fibre cable is not pinched or bent; if it is fine, book a technician visit to clean the connectors and measure the drop.',
      ],
      fr: [
        'L’ONU reçoit trop peu de lumière',
        'Un connecteur de fibre sale ou endommagé, un pli serré ou une coupure du câble de branchement entre la prise et l’ONU.',
        'Demandez au client de vérifier que le câble de fibre n’est ni pincé ni plié; sinon, planifiez la visite d’un technicien pour nettoyer les connecteurs et mesurer le branchement.',
      ],
    },
  },
  'rxPower.warn': {
    section: 'wan',
    rank: 240,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The ONU’s receive power is marginal',
        'Ageing or dusty connectors, or a bend in the fibre: the link works but has little margin left.',
        'Note it on the ticket; if the customer reports drops, book a technician to clean the connectors.',
      ],
      fr: [
        'La puissance reçue par l’ONU est limite',
        'Des connecteurs vieillis ou poussiéreux, ou un pli de la fibre : le lien fonctionne mais a peu de marge.',
        'Notez-le au dossier; si le client signale des coupures, planifiez un technicien pour nettoyer les connecteurs.',
      ],
    },
  },
  'txPower.fail': {
    section: 'wan',
    rank: 170,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: 'reset',
      en: [
        'The ONU’s transmit power is out of range',
        'A failing ONU laser, or an ONU overheating.',
        'Reset the ONU; if the power stays out of range, replace the ONU.',
      ],
      fr: [
        'La puissance émise par l’ONU est hors limites',
        'Un laser d’ONU défaillant, ou une ONU qui surchauffe.',
        'Réinitialisez l’ONU; si la puissance reste hors limites, remplacez l’ONU.',
      ],
    },
  },
  'txPower.warn': {
    section: 'wan',
    rank: 270,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The ONU’s transmit power is marginal',
        'An ageing ONU laser or a warm location.',
        'Ask the customer to keep the ONU ventilated; watch the trend at the next contact.',
      ],
      fr: [
        'La puissance émise par l’ONU est limite',
        'Un laser d’ONU vieillissant ou un emplacement trop chaud.',
        'Demandez au client de garder l’ONU aérée; surveillez la tendance au prochain contact.',
      ],
    },
  },
  'oltRxPower.fail': {
    section: 'wan',
    rank: 150,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The OLT hears the ONU too faintly',
        'Loss on the upstream path: a dirty connector or damaged fibre between the ONU and the OLT.',
        'Book a technician to measure the drop and clean the connectors.',
      ],
      fr: [
        'L’OLT reçoit trop faiblement l’ONU',
        'Une perte sur le chemin montant : un connecteur sale ou une fibre endommagée entre l’ONU et l’OLT.',
        'Planifiez un technicien pour mesurer le branchement et nettoyer les connecteurs.',
      ],
    },
  },
  'oltRxPower.warn': {
    section: 'wan',
    rank: 250,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The OLT’s receive power is marginal',
        'Some loss on the upstream path.',
        'Note it on the ticket and check again at the next contact.',
      ],
      fr: [
        'La puissance reçue par l’OLT est limite',
        'Une certaine perte sur le chemin montant.',
        'Notez-le au dossier et vérifiez de nouveau au prochain contact.',
      ],
    },
  },
  'firmware.fail': {
    section: 'wan',
    rank: 190,
    score: { group: 'firmware', cap: 1 },
    playbook: {
      tab: 'wan',
      action: 'reset',
      en: [
        'The ONU runs a firmware that is not approved',
        'The automatic upgrade did not complete (firmware {current}, latest {latest}).',
        'Reset the ONU: it takes the approved firmware when it registers again.',
      ],
      fr: [
        'L’ONU utilise un micrologiciel non approuvé',
        'La mise à niveau automatique n’a pas abouti (micrologiciel {current}, dernier {latest}).',
        'Réinitialisez l’ONU : elle prend le micrologiciel approuvé en s’enregistrant de nouveau.',
      ],
    },
  },
  'firmware.warn': {
    section: 'wan',
    rank: 290,
    score: 'confidence',
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'No approved firmware is listed for this model',
        'The model {current} runs is missing from the firmware catalogue.',
        'Nothing to do for the customer; tell network engineering the model has no approved version.',
      ],
      fr: [
        'Aucun micrologiciel approuvé pour ce modèle',
        'Le modèle est absent du catalogue des micrologiciels (version {current}).',
        'Rien à faire pour le client; signalez à l’ingénierie réseau que le modèle n’a pas de version approuvée.',
      ],
    },
  },
  onuNotRanged: {
    section: 'wan',
    rank: 160,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: 'reset',
      en: [
        'The ONU is not ranged on the OLT (status {status})',
        'The ONU is off, unplugged from the fibre, or lost its registration.',
        'Ask the customer to check the ONU’s power and fibre lights, then reset it.',
      ],
      fr: [
        'L’ONU n’est pas inscrite sur l’OLT (état {status})',
        'L’ONU est éteinte, débranchée de la fibre ou a perdu son inscription.',
        'Demandez au client de vérifier l’alimentation et les voyants de fibre de l’ONU, puis réinitialisez-la.',
      ],
    },
  },
  onuDegraded: {
    section: 'wan',
    rank: 260,
    score: { group: 'link' },
    playbook: {
      tab: 'wan',
      action: 'reset',
      en: [
        'The ONU is in state {status}',
        'The ONU is testing or dormant and does not carry traffic normally.',
        'Reset the ONU.',
      ],
      fr: [
        'L’ONU est dans l’état {status}',
        'L’ONU est en test ou en veille et ne transporte pas le trafic normalement.',
        'Réinitialisez l’ONU.',
      ],
    },
  },
  provisioningFailed: {
    section: 'wan',
    rank: 180,
    score: { group: 'provisioning' },
    playbook: {
      tab: 'wan',
      action: 'reset',
      en: [
        'The device’s provisioning failed',
        'A provisioning step did not complete ({steps}).',
        'Reset the ONU to run provisioning again; if it fails again, escalate to operations.',
      ],
      fr: [
        'Le provisionnement de l’appareil a échoué',
        'Une étape du provisionnement n’a pas abouti ({steps}).',
        'Réinitialisez l’ONU pour relancer le provisionnement; s’il échoue encore, escaladez aux opérations.',
      ],
    },
  },
  provisioningPending: {
    section: 'wan',
    rank: 280,
    score: { group: 'provisioning' },
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The device’s provisioning is still pending',
        'Provisioning has started but not finished ({steps}).',
        'Wait a few minutes and refresh; reset the ONU if it stays pending.',
      ],
      fr: [
        'Le provisionnement de l’appareil est en attente',
        'Le provisionnement a commencé mais n’est pas terminé ({steps}).',
        'Attendez quelques minutes et actualisez; réinitialisez l’ONU s’il reste en attente.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

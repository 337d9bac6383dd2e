/** What could not be read: an unknown MAC, a section that failed or timed out upstream. Unknown, not bad: they lower the confidence. */
import type { KindSpec } from '../kind-spec';

export const SECTION_KINDS = {
  macNotFound: {
    section: 'customer',
    rank: 0,
    score: 'confidence',
    playbook: {
      tab: 'account',
      action: null,
      en: [
        'No customer is known for this MAC',
        'The MAC was typed wrong, or the device is not linked to an account.',
        'Check the MAC on the device’s label, or search by the customer’s name or phone.',
      ],
      fr: [
        'Aucun client n’est connu pour cette adresse MAC',
        'L’adresse MAC est mal saisie, ou l’appareil n’est lié à aucun compte.',
        'Vérifiez l’adresse MAC sur l’étiquette de l’appareil, ou cherchez par le nom ou le téléphone du client.',
      ],
    },
  },
  'sectionFailed.customer': {
    section: 'customer',
    rank: 30,
    score: 'confidence',
    playbook: {
      tab: 'account',
      action: null,
      en: [
        'The customer record could not be read ({code})',
        'The customer service did not answer correctly: account and billing are unknown, not wrong.',
        'Retry in a minute; meanwhile the device sections still help.',
      ],
      fr: [
        'Le dossier du client n’a pu être lu ({code})',
        'Le service client n’a pas répondu correctement : le compte et la facturation sont inconnus, pas erronés.',
        'Réessayez dans une minute; les sections de l’appareil restent utiles entre-temps.',
      ],
    },
  },
  'sectionFailed.wan': {
    section: 'wan',
    rank: 20,
    score: 'confidence',
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The fibre link could not be checked ({code})',
        'The WAN service did not answer correctly: the fibre is unknown, not necessarily down.',
        'Retry the WAN section; if it keeps failing, check the OLT in ePON.',
      ],
      fr: [
        'Le lien de fibre n’a pu être vérifié ({code})',
        'Le service WAN n’a pas répondu correctement : la fibre est inconnue, pas forcément en panne.',
        'Réessayez la section WAN; si l’échec persiste, vérifiez l’OLT dans ePON.',
      ],
    },
  },
  'sectionFailed.lan': {
    section: 'lan',
    rank: 40,
    score: 'confidence',
    playbook: {
      tab: 'lan',
      action: null,
      en: [
        'The Wi-Fi could not be checked ({code})',
        'The LAN / Plume service did not answer correctly: Wi-Fi health is unknown.',
        'Retry the LAN section, or open Plume Frontline.',
      ],
      fr: [
        'Le Wi-Fi n’a pu être vérifié ({code})',
        'Le service LAN / Plume n’a pas répondu correctement : l’état du Wi-Fi est inconnu.',
        'Réessayez la section LAN, ou ouvrez Plume Frontline.',
      ],
    },
  },
  'sectionFailed.voice': {
    section: 'voice',
    rank: 50,
    score: 'confidence',
    playbook: {
      tab: 'voice',
      action: null,
      en: [
        'The phone lines could not be checked ({code})',
        'The telephony service did not answer correctly: the lines are unknown, not down.',
        'Retry the voice section; do not reset the device for this alone.',
      ],
      fr: [
        'Les lignes téléphoniques n’ont pu être vérifiées ({code})',
        'Le service de téléphonie n’a pas répondu correctement : les lignes sont inconnues, pas en panne.',
        'Réessayez la section téléphonie; ne réinitialisez pas l’appareil pour cette seule raison.',
      ],
    },
  },
  'sectionFailed.birth-certificates': {
    section: 'bc',
    rank: 60,
    score: 'confidence',
    playbook: {
      tab: 'bc',
      action: null,
      en: [
        'The birth certificates could not be read ({code})',
        'The birth-certificate service did not answer correctly: a certificate may exist.',
        'Retry before regenerating: a regeneration now could replace a good certificate.',
      ],
      fr: [
        'Les certificats de naissance n’ont pu être lus ({code})',
        'Le service des certificats n’a pas répondu correctement : un certificat peut exister.',
        'Réessayez avant de régénérer : une régénération maintenant pourrait remplacer un bon certificat.',
      ],
    },
  },
  'sectionFailed.neighbourhood': {
    section: 'port',
    rank: 70,
    score: 'confidence',
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The neighbours on the fibre could not be checked ({code})',
        'The port listing of the WAN service did not answer correctly: whether the fault is this customer’s or the network’s is unknown.',
        'Retry in a minute, or look the port up in ePON before booking a visit.',
      ],
      fr: [
        'Les voisins sur la fibre n’ont pu être vérifiés ({code})',
        'La liste du port du service WAN n’a pas répondu correctement : on ne sait pas si la panne est celle du client ou du réseau.',
        'Réessayez dans une minute, ou consultez le port dans ePON avant de planifier une visite.',
      ],
    },
  },
  sectionTimeout: {
    section: null,
    rank: 10,
    score: 'confidence',
    playbook: {
      tab: 'overview',
      action: null,
      en: [
        'The {section} section timed out',
        'The upstream service took longer than the time limit: what it holds is unknown, not wrong.',
        'Retry the section in a minute.',
      ],
      fr: [
        'La section {section} a expiré',
        'Le service amont a dépassé le délai : son contenu est inconnu, pas erroné.',
        'Réessayez la section dans une minute.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

/**
 * What the neighbours on the device's PON port say about its own link fault (rules/neighbourhood.ts). All
 * but `dropOrHome` are root causes: the link's own finding, and what a dark link takes with it (the phone
 * adapter, the Wi-Fi), follow from them, and no reset can help while they last.
 */
import type { KindSpec, KindTexts } from '../kind-spec';

/**
 * What a link that is down or dark takes with it (the ONU's state and light, provisioning, the phone adapter
 * and lines, the Wi-Fi and its reading): folded under the root cause that explains it.
 */
export const LINK_CONSEQUENCES = [
  'onuNotRanged',
  'onuDegraded',
  'intermittentLink',
  'rxPower.fail',
  'rxPower.warn',
  'oltRxPower.fail',
  'oltRxPower.warn',
  'txPower.fail',
  'txPower.warn',
  'provisioningFailed',
  'provisioningPending',
  'voiceAtaOffline',
  'voiceLineDown',
  'wifiPlacement',
  'wifiClients',
  'wifiHealth.fail',
  'wifiHealth.warn',
  'sectionFailed.lan',
] as const;

/** A root cause of the neighbourhood: it explains the link's consequences and holds every reset. */
const root = { explains: LINK_CONSEQUENCES, holds: ['reset'] } as const;

/** A root cause of the neighbourhood at `rank`: the port's section, the link's points, the WAN tab. */
const rootCause = (rank: number, en: KindTexts, fr: KindTexts) =>
  ({
    section: 'port',
    rank,
    score: { group: 'link' },
    root,
    playbook: { tab: 'wan', action: null, en, fr },
  }) as const;

export const NEIGHBOURHOOD_KINDS = {
  /**
   * The port's fault (an outage or a part of the port) while an open outage of the network's alert rules
   * covers the device (common/src/outages.ts): operations already track it, so the customer is told
   * rather than the outage escalated again (docs/diagnosis.md, "Known outages").
   */
  knownOutage: rootCause(
    75,
    [
      'Known outage since {since}: port {olt} {port}, {affected} of {total} neighbours share the fault',
      'The network’s alert rules opened an outage that covers this customer (ticket: {ticket}): operations already track it. The feeder fibre, the splitter or the OLT, not the customer’s home.',
      'Tell the customer there is a known outage in their area since {since}; service back: {backAbout}. Do not escalate again and do not book a home visit.',
    ],
    [
      'Panne connue depuis {since} : port {olt} {port}, {affected} voisins sur {total} partagent la panne',
      'Les règles d’alerte du réseau ont ouvert une panne qui couvre ce client (billet : {ticket}) : les opérations la suivent déjà. La fibre d’alimentation, le coupleur ou l’OLT, pas le domicile du client.',
      'Dites au client qu’une panne connue touche son secteur depuis {since}; retour du service : {backAbout}. N’escaladez pas de nouveau et ne planifiez pas de visite à domicile.',
    ],
  ),
  portOutage: rootCause(
    80,
    [
      'Outage: {affected} of {total} neighbours on port {olt} {port} share the fault',
      'Most ONUs on this PON port are down or low: the feeder fibre, the splitter or the OLT, not the customer’s home.',
      'Do not book a home visit. Check for a known outage; if there is none, escalate to operations with OLT {olt}, port {port}.',
    ],
    [
      'Panne : {affected} voisins sur {total} du port {olt} {port} partagent la panne',
      'La plupart des ONU de ce port PON sont en panne ou faibles : la fibre d’alimentation, le coupleur ou l’OLT, pas le domicile du client.',
      'Ne planifiez pas de visite à domicile. Vérifiez s’il y a une panne connue; sinon, escaladez aux opérations avec l’OLT {olt}, port {port}.',
    ],
  ),
  portPartial: rootCause(
    90,
    [
      'Part of port {olt} {port} is affected: {affected} of {total} neighbours share the fault',
      'Several ONUs on this PON port are down or low while the others are fine: a splitter branch or a shared cable, not the customer’s home.',
      'Do not book a home visit yet. Escalate to operations with OLT {olt}, port {port} and the affected neighbours.',
    ],
    [
      'Une partie du port {olt} {port} est touchée : {affected} voisins sur {total} partagent la panne',
      'Plusieurs ONU de ce port PON sont en panne ou faibles alors que les autres vont bien : une branche du coupleur ou un câble partagé, pas le domicile du client.',
      'Ne planifiez pas encore de visite. Escaladez aux opérations avec l’OLT {olt}, port {port} et les voisins touchés.',
    ],
  ),
  powerAtHome: rootCause(
    100,
    [
      'The ONU lost power: it sent a dying gasp',
      'The ONU told the OLT it was losing power before it went down: a power cut or an unplugged power adapter at the home, not the fibre.',
      'Ask the customer whether the power is on and the ONU’s power adapter is plugged in; do not send a fibre technician.',
    ],
    [
      'L’ONU a perdu son alimentation : elle a envoyé un dernier signal',
      'L’ONU a signalé à l’OLT une perte d’alimentation avant de tomber : une panne de courant ou un adaptateur débranché au domicile, pas la fibre.',
      'Demandez au client si le courant est rétabli et si l’adaptateur de l’ONU est branché; n’envoyez pas de technicien fibre.',
    ],
  ),
  onuAdminDown: rootCause(
    110,
    [
      'The OLT holds this ONU down',
      'ONU {onuId} on port {olt} {port} is shut down at the OLT (a suspended account or a port disabled by operations), not cut off by the fibre.',
      'Check the account’s status in billing; if it is active, ask operations to enable ONU {onuId} on OLT {olt}, port {port}. Do not reset it or send a technician.',
    ],
    [
      'L’OLT maintient cette ONU hors service',
      'L’ONU {onuId} du port {olt} {port} est désactivée à l’OLT (un compte suspendu ou un port désactivé par les opérations), pas coupée par la fibre.',
      'Vérifiez l’état du compte dans la facturation; s’il est actif, demandez aux opérations d’activer l’ONU {onuId} sur l’OLT {olt}, port {port}. Ne la réinitialisez pas et n’envoyez pas de technicien.',
    ],
  ),
  dropCut: rootCause(
    120,
    [
      'The fibre drop to this home is dark: the neighbours on port {olt} {port} are fine',
      'The ONU lost the light without a dying gasp while the {total} other ONUs on this PON port receive normally: the drop cable or a connector between the tap and the ONU is cut or unplugged.',
      'Do not reset: the ONU cannot be reached. Ask the customer whether the fibre cable is plugged into the ONU and undamaged; if it is, book a technician to repair the drop.',
    ],
    [
      'Le branchement de fibre de ce domicile est éteint : les voisins du port {olt} {port} vont bien',
      'L’ONU a perdu la lumière sans dernier signal alors que les {total} autres ONU de ce port PON reçoivent normalement : le câble de branchement ou un connecteur entre la prise et l’ONU est coupé ou débranché.',
      'Ne réinitialisez pas : l’ONU est injoignable. Demandez au client si le câble de fibre est branché à l’ONU et intact; si oui, planifiez un technicien pour réparer le branchement.',
    ],
  ),
  dropOrHome: {
    section: 'port',
    rank: 130,
    score: 'context',
    playbook: {
      tab: 'wan',
      action: null,
      en: [
        'The neighbours on port {olt} {port} are fine: the drop or the home',
        'The {total} other ONUs on this PON port receive normally: the fault is on this customer’s drop cable, connectors or ONU.',
        'Follow the device’s own finding: check the ONU and its fibre with the customer, then book a technician for the drop if needed.',
      ],
      fr: [
        'Les voisins du port {olt} {port} vont bien : le branchement ou le domicile',
        'Les {total} autres ONU de ce port PON reçoivent normalement : la panne est sur le câble de branchement, les connecteurs ou l’ONU de ce client.',
        'Suivez le constat de l’appareil : vérifiez l’ONU et sa fibre avec le client, puis planifiez un technicien pour le branchement au besoin.',
      ],
    },
  },
} as const satisfies Record<string, KindSpec>;

/**
 * The playbook's keys and its default texts, and how the view fills them in (docs/requirements.md,
 * "Diagnosis"): no schema library, so that the 360 view's first chunk carries none. The schemas of what
 * engineering writes are in diagnosis-playbook.ts, which re-exports this module.
 */
import type { Playbook, PlaybookEntry } from './diagnosis-playbook';

/** The operations a finding may offer (the 360 view's own operation components). */
export const PLAYBOOK_ACTIONS = [
  'reset',
  'regenerateBc',
  'sendBcSms',
  'mwiReset',
  'voicemailPasswordReset',
] as const;
export type PlaybookAction = (typeof PLAYBOOK_ACTIONS)[number];

/** The 360 tabs a finding links to. */
export const PLAYBOOK_TABS = ['overview', 'internet', 'wan', 'lan', 'voice', 'bc', 'account'] as const;
export type PlaybookTab = (typeof PLAYBOOK_TABS)[number];

/**
 * Every key the diagnosis looks up. Graded measurements: `<parameter>.<result>`; the rest: the finding
 * kind, or `<kind>.<section>` for a section that failed upstream.
 */
export const PLAYBOOK_KEYS = [
  'rxPower.fail',
  'rxPower.warn',
  'txPower.fail',
  'txPower.warn',
  'oltRxPower.fail',
  'oltRxPower.warn',
  'firmware.fail',
  'firmware.warn',
  'wifiHealth.fail',
  'wifiHealth.warn',
  'wifiClients',
  'wifiPlacement',
  'onuNotRanged',
  'onuDegraded',
  'provisioningFailed',
  'provisioningPending',
  'voiceAtaOffline',
  'voiceLineDown',
  'bcMissing',
  'bcStale',
  'macNotFound',
  'sectionFailed.customer',
  'sectionFailed.wan',
  'sectionFailed.lan',
  'sectionFailed.voice',
  'sectionFailed.birth-certificates',
  'sectionFailed.neighbourhood',
  'sectionTimeout',
  'portOutage',
  'portPartial',
  'dropOrHome',
  'powerAtHome',
  'onuAdminDown',
] as const;
export type PlaybookKey = (typeof PLAYBOOK_KEYS)[number];

type Texts = [
  titleEn: string,
  titleFr: string,
  causeEn: string,
  causeFr: string,
  stepEn: string,
  stepFr: string,
];
const entry = (
  key: PlaybookKey,
  tab: PlaybookTab,
  action: PlaybookAction | null,
  [titleEn, titleFr, causeEn, causeFr, stepEn, stepFr]: Texts,
): PlaybookEntry => ({ key, titleEn, titleFr, causeEn, causeFr, stepEn, stepFr, action, tab });

/** The seeded playbook (scripts/lib/playbook-seed.ts writes it; the API falls back to it). */
export const DEFAULT_PLAYBOOK: readonly PlaybookEntry[] = [
  entry('rxPower.fail', 'wan', null, [
    'The ONU receives too little light',
    'L’ONU reçoit trop peu de lumière',
    'A dirty or damaged fibre connector, a tight bend or a break in the drop cable between the tap and the ONU.',
    'Un connecteur de fibre sale ou endommagé, un pli serré ou une coupure du câble de branchement entre la prise et l’ONU.',
    'Ask the customer to check that the fibre cable is not pinched or bent; if it is fine, book a technician visit to clean the connectors and measure the drop.',
    'Demandez au client de vérifier que le câble de fibre n’est ni pincé ni plié; sinon, planifiez la visite d’un technicien pour nettoyer les connecteurs et mesurer le branchement.',
  ]),
  entry('rxPower.warn', 'wan', null, [
    'The ONU’s receive power is marginal',
    'La puissance reçue par l’ONU est limite',
    'Ageing or dusty connectors, or a bend in the fibre: the link works but has little margin left.',
    'Des connecteurs vieillis ou poussiéreux, ou un pli de la fibre : le lien fonctionne mais a peu de marge.',
    'Note it on the ticket; if the customer reports drops, book a technician to clean the connectors.',
    'Notez-le au dossier; si le client signale des coupures, planifiez un technicien pour nettoyer les connecteurs.',
  ]),
  entry('txPower.fail', 'wan', 'reset', [
    'The ONU’s transmit power is out of range',
    'La puissance émise par l’ONU est hors limites',
    'A failing ONU laser, or an ONU overheating.',
    'Un laser d’ONU défaillant, ou une ONU qui surchauffe.',
    'Reset the ONU; if the power stays out of range, replace the ONU.',
    'Réinitialisez l’ONU; si la puissance reste hors limites, remplacez l’ONU.',
  ]),
  entry('txPower.warn', 'wan', null, [
    'The ONU’s transmit power is marginal',
    'La puissance émise par l’ONU est limite',
    'An ageing ONU laser or a warm location.',
    'Un laser d’ONU vieillissant ou un emplacement trop chaud.',
    'Ask the customer to keep the ONU ventilated; watch the trend at the next contact.',
    'Demandez au client de garder l’ONU aérée; surveillez la tendance au prochain contact.',
  ]),
  entry('oltRxPower.fail', 'wan', null, [
    'The OLT hears the ONU too faintly',
    'L’OLT reçoit trop faiblement l’ONU',
    'Loss on the upstream path: a dirty connector or damaged fibre between the ONU and the OLT.',
    'Une perte sur le chemin montant : un connecteur sale ou une fibre endommagée entre l’ONU et l’OLT.',
    'Book a technician to measure the drop and clean the connectors.',
    'Planifiez un technicien pour mesurer le branchement et nettoyer les connecteurs.',
  ]),
  entry('oltRxPower.warn', 'wan', null, [
    'The OLT’s receive power is marginal',
    'La puissance reçue par l’OLT est limite',
    'Some loss on the upstream path.',
    'Une certaine perte sur le chemin montant.',
    'Note it on the ticket and check again at the next contact.',
    'Notez-le au dossier et vérifiez de nouveau au prochain contact.',
  ]),
  entry('firmware.fail', 'wan', 'reset', [
    'The ONU runs a firmware that is not approved',
    'L’ONU utilise un micrologiciel non approuvé',
    'The automatic upgrade did not complete (firmware {current}, latest {latest}).',
    'La mise à niveau automatique n’a pas abouti (micrologiciel {current}, dernier {latest}).',
    'Reset the ONU: it takes the approved firmware when it registers again.',
    'Réinitialisez l’ONU : elle prend le micrologiciel approuvé en s’enregistrant de nouveau.',
  ]),
  entry('firmware.warn', 'wan', null, [
    'No approved firmware is listed for this model',
    'Aucun micrologiciel approuvé pour ce modèle',
    'The model {current} runs is missing from the firmware catalogue.',
    'Le modèle est absent du catalogue des micrologiciels (version {current}).',
    'Nothing to do for the customer; tell network engineering the model has no approved version.',
    'Rien à faire pour le client; signalez à l’ingénierie réseau que le modèle n’a pas de version approuvée.',
  ]),
  entry('wifiHealth.fail', 'lan', null, [
    'The Wi-Fi network is in poor health',
    'Le réseau Wi-Fi est en mauvais état',
    'Interference, congested channels or pods placed too far apart (Plume score {value}).',
    'Des interférences, des canaux encombrés ou des pods trop éloignés (score Plume {value}).',
    'Open Plume Frontline and run an optimisation; ask the customer where the pods are.',
    'Ouvrez Plume Frontline et lancez une optimisation; demandez au client où sont les pods.',
  ]),
  entry('wifiHealth.warn', 'lan', null, [
    'The Wi-Fi network’s health is fair',
    'L’état du réseau Wi-Fi est passable',
    'Some interference or a pod at the edge of coverage (Plume score {value}).',
    'Des interférences ou un pod en limite de couverture (score Plume {value}).',
    'Suggest moving the farthest pod closer; run an optimisation if the customer complains.',
    'Suggérez de rapprocher le pod le plus éloigné; lancez une optimisation si le client se plaint.',
  ]),
  entry('wifiClients', 'lan', null, [
    '{count} of {total} Wi-Fi devices have a weak signal',
    '{count} appareils Wi-Fi sur {total} ont un signal faible',
    'Those devices are far from the gateway and the pods, or behind walls and floors.',
    'Ces appareils sont loin de la passerelle et des pods, ou derrière des murs et des planchers.',
    'Tell the customer which devices are affected; a pod near them would help.',
    'Indiquez au client les appareils touchés; un pod près d’eux aiderait.',
  ]),
  entry('wifiPlacement', 'lan', null, [
    'Every Wi-Fi device is poor while the fibre is fine',
    'Tous les appareils Wi-Fi sont faibles alors que la fibre va bien',
    'A Wi-Fi placement problem, not a fibre one: the gateway or the pods sit badly (in a cabinet, a basement corner) for all {count} devices.',
    'Un problème d’emplacement Wi-Fi, pas de fibre : la passerelle ou les pods sont mal placés (dans un meuble, un coin du sous-sol) pour les {count} appareils.',
    'Do not send a fibre technician: help the customer move the gateway or pods to an open, central spot, or offer more pods.',
    'N’envoyez pas de technicien fibre : aidez le client à déplacer la passerelle ou les pods dans un endroit central et dégagé, ou proposez des pods.',
  ]),
  entry('onuNotRanged', 'wan', 'reset', [
    'The ONU is not ranged on the OLT (status {status})',
    'L’ONU n’est pas inscrite sur l’OLT (état {status})',
    'The ONU is off, unplugged from the fibre, or lost its registration.',
    'L’ONU est éteinte, débranchée de la fibre ou a perdu son inscription.',
    'Ask the customer to check the ONU’s power and fibre lights, then reset it.',
    'Demandez au client de vérifier l’alimentation et les voyants de fibre de l’ONU, puis réinitialisez-la.',
  ]),
  entry('onuDegraded', 'wan', 'reset', [
    'The ONU is in state {status}',
    'L’ONU est dans l’état {status}',
    'The ONU is testing or dormant and does not carry traffic normally.',
    'L’ONU est en test ou en veille et ne transporte pas le trafic normalement.',
    'Reset the ONU.',
    'Réinitialisez l’ONU.',
  ]),
  entry('provisioningFailed', 'wan', 'reset', [
    'The device’s provisioning failed',
    'Le provisionnement de l’appareil a échoué',
    'A provisioning step did not complete ({steps}).',
    'Une étape du provisionnement n’a pas abouti ({steps}).',
    'Reset the ONU to run provisioning again; if it fails again, escalate to operations.',
    'Réinitialisez l’ONU pour relancer le provisionnement; s’il échoue encore, escaladez aux opérations.',
  ]),
  entry('provisioningPending', 'wan', null, [
    'The device’s provisioning is still pending',
    'Le provisionnement de l’appareil est en attente',
    'Provisioning has started but not finished ({steps}).',
    'Le provisionnement a commencé mais n’est pas terminé ({steps}).',
    'Wait a few minutes and refresh; reset the ONU if it stays pending.',
    'Attendez quelques minutes et actualisez; réinitialisez l’ONU s’il reste en attente.',
  ]),
  entry('voiceAtaOffline', 'voice', 'reset', [
    'The phone adapter is offline',
    'L’adaptateur téléphonique est hors ligne',
    'The ATA lost power or its connection to the network.',
    'L’ATA a perdu son alimentation ou sa connexion au réseau.',
    'Ask the customer to check the adapter’s power, then reset the device.',
    'Demandez au client de vérifier l’alimentation de l’adaptateur, puis réinitialisez l’appareil.',
  ]),
  entry('voiceLineDown', 'voice', 'reset', [
    'Phone line {ports} is not active',
    'La ligne téléphonique {ports} n’est pas active',
    'The line lost its registration with the voice platform.',
    'La ligne a perdu son inscription auprès de la plateforme de téléphonie.',
    'Reset the device so that the line registers again; check the line on the Voice tab afterwards.',
    'Réinitialisez l’appareil pour que la ligne s’inscrive de nouveau; vérifiez ensuite la ligne dans l’onglet Téléphonie.',
  ]),
  entry('bcMissing', 'bc', 'regenerateBc', [
    'The device has no birth certificate',
    'L’appareil n’a pas de certificat de naissance',
    'The installation record was never generated.',
    'Le dossier d’installation n’a jamais été produit.',
    'Generate the birth certificate now.',
    'Produisez le certificat de naissance maintenant.',
  ]),
  entry('bcStale', 'bc', 'regenerateBc', [
    'The birth certificate predates the device’s last change',
    'Le certificat de naissance précède la dernière modification de l’appareil',
    'The device registered again {hours} h after its newest certificate: the record no longer describes it.',
    'L’appareil s’est inscrit de nouveau {hours} h après son certificat le plus récent : le dossier ne le décrit plus.',
    'Regenerate the birth certificate, then text it to the customer if asked.',
    'Régénérez le certificat de naissance, puis textez-le au client s’il le demande.',
  ]),
  entry('macNotFound', 'account', null, [
    'No customer is known for this MAC',
    'Aucun client n’est connu pour cette adresse MAC',
    'The MAC was typed wrong, or the device is not linked to an account.',
    'L’adresse MAC est mal saisie, ou l’appareil n’est lié à aucun compte.',
    'Check the MAC on the device’s label, or search by the customer’s name or phone.',
    'Vérifiez l’adresse MAC sur l’étiquette de l’appareil, ou cherchez par le nom ou le téléphone du client.',
  ]),
  entry('sectionFailed.customer', 'account', null, [
    'The customer record could not be read ({code})',
    'Le dossier du client n’a pu être lu ({code})',
    'The customer service did not answer correctly: account and billing are unknown, not wrong.',
    'Le service client n’a pas répondu correctement : le compte et la facturation sont inconnus, pas erronés.',
    'Retry in a minute; meanwhile the device sections still help.',
    'Réessayez dans une minute; les sections de l’appareil restent utiles entre-temps.',
  ]),
  entry('sectionFailed.wan', 'wan', null, [
    'The fibre link could not be checked ({code})',
    'Le lien de fibre n’a pu être vérifié ({code})',
    'The WAN service did not answer correctly: the fibre is unknown, not necessarily down.',
    'Le service WAN n’a pas répondu correctement : la fibre est inconnue, pas forcément en panne.',
    'Retry the WAN section; if it keeps failing, check the OLT in ePON.',
    'Réessayez la section WAN; si l’échec persiste, vérifiez l’OLT dans ePON.',
  ]),
  entry('sectionFailed.lan', 'lan', null, [
    'The Wi-Fi could not be checked ({code})',
    'Le Wi-Fi n’a pu être vérifié ({code})',
    'The LAN / Plume service did not answer correctly: Wi-Fi health is unknown.',
    'Le service LAN / Plume n’a pas répondu correctement : l’état du Wi-Fi est inconnu.',
    'Retry the LAN section, or open Plume Frontline.',
    'Réessayez la section LAN, ou ouvrez Plume Frontline.',
  ]),
  entry('sectionFailed.voice', 'voice', null, [
    'The phone lines could not be checked ({code})',
    'Les lignes téléphoniques n’ont pu être vérifiées ({code})',
    'The telephony service did not answer correctly: the lines are unknown, not down.',
    'Le service de téléphonie n’a pas répondu correctement : les lignes sont inconnues, pas en panne.',
    'Retry the voice section; do not reset the device for this alone.',
    'Réessayez la section téléphonie; ne réinitialisez pas l’appareil pour cette seule raison.',
  ]),
  entry('sectionFailed.birth-certificates', 'bc', null, [
    'The birth certificates could not be read ({code})',
    'Les certificats de naissance n’ont pu être lus ({code})',
    'The birth-certificate service did not answer correctly: a certificate may exist.',
    'Le service des certificats n’a pas répondu correctement : un certificat peut exister.',
    'Retry before regenerating: a regeneration now could replace a good certificate.',
    'Réessayez avant de régénérer : une régénération maintenant pourrait remplacer un bon certificat.',
  ]),
  entry('sectionFailed.neighbourhood', 'wan', null, [
    'The neighbours on the fibre could not be checked ({code})',
    'Les voisins sur la fibre n’ont pu être vérifiés ({code})',
    'The port listing of the WAN service did not answer correctly: whether the fault is this customer’s or the network’s is unknown.',
    'La liste du port du service WAN n’a pas répondu correctement : on ne sait pas si la panne est celle du client ou du réseau.',
    'Retry in a minute, or look the port up in ePON before booking a visit.',
    'Réessayez dans une minute, ou consultez le port dans ePON avant de planifier une visite.',
  ]),
  entry('portOutage', 'wan', null, [
    'Outage: {affected} of {total} neighbours on port {olt} {port} share the fault',
    'Panne : {affected} voisins sur {total} du port {olt} {port} partagent la panne',
    'Most ONUs on this PON port are down or low: the feeder fibre, the splitter or the OLT, not the customer’s home.',
    'La plupart des ONU de ce port PON sont en panne ou faibles : la fibre d’alimentation, le coupleur ou l’OLT, pas le domicile du client.',
    'Do not book a home visit. Check for a known outage; if there is none, escalate to operations with OLT {olt}, port {port}.',
    'Ne planifiez pas de visite à domicile. Vérifiez s’il y a une panne connue; sinon, escaladez aux opérations avec l’OLT {olt}, port {port}.',
  ]),
  entry('portPartial', 'wan', null, [
    'Part of port {olt} {port} is affected: {affected} of {total} neighbours share the fault',
    'Une partie du port {olt} {port} est touchée : {affected} voisins sur {total} partagent la panne',
    'Several ONUs on this PON port are down or low while the others are fine: a splitter branch or a shared cable, not the customer’s home.',
    'Plusieurs ONU de ce port PON sont en panne ou faibles alors que les autres vont bien : une branche du coupleur ou un câble partagé, pas le domicile du client.',
    'Do not book a home visit yet. Escalate to operations with OLT {olt}, port {port} and the affected neighbours.',
    'Ne planifiez pas encore de visite. Escaladez aux opérations avec l’OLT {olt}, port {port} et les voisins touchés.',
  ]),
  entry('dropOrHome', 'wan', null, [
    'The neighbours on port {olt} {port} are fine: the drop or the home',
    'Les voisins du port {olt} {port} vont bien : le branchement ou le domicile',
    'The {total} other ONUs on this PON port receive normally: the fault is on this customer’s drop cable, connectors or ONU.',
    'Les {total} autres ONU de ce port PON reçoivent normalement : la panne est sur le câble de branchement, les connecteurs ou l’ONU de ce client.',
    'Follow the device’s own finding: check the ONU and its fibre with the customer, then book a technician for the drop if needed.',
    'Suivez le constat de l’appareil : vérifiez l’ONU et sa fibre avec le client, puis planifiez un technicien pour le branchement au besoin.',
  ]),
  entry('powerAtHome', 'wan', null, [
    'The ONU lost power: it sent a dying gasp',
    'L’ONU a perdu son alimentation : elle a envoyé un dernier signal',
    'The ONU told the OLT it was losing power before it went down: a power cut or an unplugged power adapter at the home, not the fibre.',
    'L’ONU a signalé à l’OLT une perte d’alimentation avant de tomber : une panne de courant ou un adaptateur débranché au domicile, pas la fibre.',
    'Ask the customer whether the power is on and the ONU’s power adapter is plugged in; do not send a fibre technician.',
    'Demandez au client si le courant est rétabli et si l’adaptateur de l’ONU est branché; n’envoyez pas de technicien fibre.',
  ]),
  entry('onuAdminDown', 'wan', null, [
    'The OLT holds this ONU down',
    'L’OLT maintient cette ONU hors service',
    'ONU {onuId} on port {olt} {port} is shut down at the OLT (a suspended account or a port disabled by operations), not cut off by the fibre.',
    'L’ONU {onuId} du port {olt} {port} est désactivée à l’OLT (un compte suspendu ou un port désactivé par les opérations), pas coupée par la fibre.',
    'Check the account’s status in billing; if it is active, ask operations to enable ONU {onuId} on OLT {olt}, port {port}. Do not reset it or send a technician.',
    'Vérifiez l’état du compte dans la facturation; s’il est actif, demandez aux opérations d’activer l’ONU {onuId} sur l’OLT {olt}, port {port}. Ne la réinitialisez pas et n’envoyez pas de technicien.',
  ]),
  entry('sectionTimeout', 'overview', null, [
    'The {section} section timed out',
    'La section {section} a expiré',
    'The upstream service took longer than the time limit: what it holds is unknown, not wrong.',
    'Le service amont a dépassé le délai : son contenu est inconnu, pas erroné.',
    'Retry the section in a minute.',
    'Réessayez la section dans une minute.',
  ]),
];

/** The defaults by key. */
export const DEFAULT_PLAYBOOK_BY_KEY: Playbook = Object.fromEntries(
  DEFAULT_PLAYBOOK.map((item) => [item.key, item]),
);

/**
 * The playbook the diagnosis uses: the stored entries over the defaults (a key engineering has not
 * written keeps its default text). An empty collection: the defaults.
 */
export function mergePlaybook(stored: readonly PlaybookEntry[]): Playbook {
  return { ...DEFAULT_PLAYBOOK_BY_KEY, ...Object.fromEntries(stored.map((item) => [item.key, item])) };
}

/** Fills {name} placeholders from a finding's values (unknown names stay as written). */
export function fillPlaybookText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

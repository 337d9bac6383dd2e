/** The phone service's findings: the adapter offline, or a subscribed line that is not active. */
import type { VoiceSection } from '../../customer360';
import type { Finding } from '../types';
import { finding } from './finding';

export function voiceFindings(voice: VoiceSection): Finding[] {
  const subscriber = voice.subscriber;
  if (!subscriber) return [];
  if (subscriber.ata.status === 'offline')
    return [finding('voice-ata', 'voiceAtaOffline', 'fail', 'voice', { model: subscriber.ata.model })];
  const down = subscriber.ports.filter((port) => !port.lineStatus.active).map((port) => port.port);
  return down.length > 0
    ? [finding('voice-lines', 'voiceLineDown', 'fail', 'voice', { ports: down.join(', ') })]
    : [];
}

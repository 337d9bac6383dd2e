/**
 * The grades the 360 sections carry: every measurement graded by the threshold manager's rules for the
 * device's technology and model (common/src/threshold-grading.ts gradeValue), with the rule that decided.
 */
import type { BirthCertificateGrades, Lan, LanGrades, WanGrades } from '@insight/common/customer360';
import {
  type DeviceContext,
  type Grading,
  type ThresholdSet,
  gradeValue,
  passRange,
} from '@insight/common/threshold-grading';
import type { BirthCertificate } from '@insight/common/upstream/birth-certificate';
import type { OnuFirmware, OnuState } from '@insight/common/upstream/wan';

export function gradeWan(
  set: ThresholdSet,
  device: DeviceContext,
  state: OnuState,
  firmware: OnuFirmware,
): WanGrades {
  return {
    rxPower: gradeValue(set, 'rxPower', state.rx_pwr, device),
    txPower: gradeValue(set, 'txPower', state.tx_pwr, device),
    oltRxPower: gradeValue(set, 'oltRxPower', state.oltRxPower, device),
    rxPowerPass: passRange(set, 'rxPower', device),
    firmware: gradeValue(set, 'firmware', firmware.score, device),
  };
}

/** Each client's RSSI and health word, and the Plume network's health score (both `wifiHealth`). */
export function gradeLan(set: ThresholdSet, device: DeviceContext, lan: Lan): LanGrades {
  const byClient = (grade: (client: Lan['clients'][number]) => Grading) =>
    Object.fromEntries(lan.clients.map((client) => [client.mac, grade(client)]));
  return {
    clients: byClient((client) => gradeValue(set, 'rssi', client.rssi, device)),
    health: byClient((client) => gradeValue(set, 'wifiHealth', client.health, device)),
    plumeHealth: gradeValue(set, 'wifiHealth', lan.plume.health.score, device),
  };
}

export function gradeCertificates(
  set: ThresholdSet,
  device: DeviceContext,
  certificates: readonly BirthCertificate[],
): Record<string, BirthCertificateGrades> {
  return Object.fromEntries(
    certificates.map((certificate) => [
      certificate.id,
      {
        txPower: gradeValue(set, 'txPower', certificate.power.tx, device),
        rxPower: gradeValue(set, 'rxPower', certificate.power.rx, device),
        oltRxPower: gradeValue(set, 'oltRxPower', certificate.oltReceivePower, device),
        epico: Object.fromEntries(
          certificate.bcEpicoDevices.map((epico) => [epico.mac, gradeValue(set, 'rssi', epico.rssi, device)]),
        ),
      },
    ]),
  );
}

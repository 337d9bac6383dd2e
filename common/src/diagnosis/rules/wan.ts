/** The fibre link's findings: the ONU's state, provisioning, the optical powers and the firmware. */
import type { WanSection } from '../../customer360';
import { OPER_STATUS } from '../../grading';
import type { Finding } from '../types';
import { finding, formatValue, notPass } from './finding';

/** The WAN's findings; `fibreFine` says whether the link itself is healthy (for the Wi-Fi combination). */
export function wanFindings(wan: WanSection): { findings: Finding[]; fibreFine: boolean } {
  const findings: Finding[] = [];
  const oper = OPER_STATUS[wan.state.operStatus] ?? 'unknown';
  const registration = wan.registration && !('error' in wan.registration) ? wan.registration : null;
  if (oper === 'testing' || oper === 'dormant')
    findings.push(finding('onu-state', 'onuDegraded', 'warn', 'wan', { status: oper }));
  else if (oper !== 'up' || (registration && !registration.registered))
    findings.push(finding('onu-state', 'onuNotRanged', 'fail', 'wan', { status: oper }));
  const provisioning = wan.provisioning && !('error' in wan.provisioning) ? wan.provisioning : null;
  if (provisioning && provisioning.status !== 'provisioned') {
    const steps = provisioning.steps
      .filter((step) => step.status === 'fail' || step.status === 'warn')
      .map((step) => step.name)
      .join(', ');
    findings.push(
      provisioning.status === 'failed'
        ? finding('provisioning', 'provisioningFailed', 'fail', 'wan', { steps: steps || '-' })
        : finding('provisioning', 'provisioningPending', 'warn', 'wan', { steps: steps || '-' }),
    );
  }
  const grades = wan.grades;
  // An ONU that is down has no reading: its -40 dBm floor says nothing more than that it is down.
  const opticals =
    oper === 'up' || oper === 'testing' || oper === 'dormant'
      ? (['rxPower', 'txPower', 'oltRxPower'] as const)
      : [];
  for (const parameter of opticals) {
    const grading = grades?.[parameter];
    if (notPass(grading))
      findings.push(
        finding(
          parameter,
          `${parameter}.${grading.grade}`,
          grading.grade,
          'wan',
          { value: formatValue(grading) },
          grading,
        ),
      );
  }
  if (notPass(grades?.firmware))
    findings.push(
      finding(
        'firmware',
        `firmware.${grades.firmware.grade}`,
        grades.firmware.grade,
        'wan',
        { current: wan.firmware.current, latest: wan.firmware.latest, value: wan.firmware.current },
        grades.firmware,
      ),
    );
  const fibreFine =
    oper === 'up' && !findings.some((item) => item.severity === 'fail' || item.id === 'rxPower');
  return { findings, fibreFine };
}

/** The device's own link fault, if any: the ONU not ranged first, then the light it receives. */
export const linkFinding = (findings: readonly Finding[]): Finding | null =>
  findings.find((item) => item.key === 'onuNotRanged') ??
  findings.find((item) => ['rxPower', 'oltRxPower'].includes(item.id)) ??
  null;

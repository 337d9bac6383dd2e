import { describe, expect, it } from 'vitest';
import { emulatorConfig, extendCsp, readDeployedConfig } from './emulator-config';

const cspOf = (config: ReturnType<typeof readDeployedConfig>) =>
  config.hosting.headers
    .flatMap((rule) => rule.headers)
    .filter((header) => header.key === 'Content-Security-Policy')
    .map((header) => header.value);
const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? '';

describe('hosting headers: the deployed policy and the emulators', () => {
  it('when firebase.json is deployed, then its Content-Security-Policy names no loopback or plain-HTTP source', () => {
    const policies = cspOf(readDeployedConfig());
    expect(policies).toHaveLength(1);
    for (const csp of policies) {
      expect(csp).not.toMatch(/127\.0\.0\.1|localhost|\[::1\]/);
      expect(csp).not.toMatch(/\b(http|ws):\/\//);
    }
  });

  it('when the emulators run, then their policy is the deployed one plus the auth and Firestore emulators, and nothing else changes', () => {
    const deployed = readDeployedConfig();
    const emulated = emulatorConfig(deployed);
    const [before] = cspOf(deployed);
    const [after] = cspOf(emulated);
    expect(directive(after!, 'connect-src')).toBe(
      `${directive(before!, 'connect-src')} http://127.0.0.1:9099 http://127.0.0.1:8080`,
    );
    expect(directive(after!, 'frame-src')).toBe(`${directive(before!, 'frame-src')} http://127.0.0.1:9099`);
    expect(directive(after!, 'script-src')).toBe(directive(before!, 'script-src'));
    // Everything but the policy is the deployed config.
    const withoutCsp = (config: typeof deployed) =>
      JSON.stringify(config, (key, value: unknown) => (key === 'value' && typeof value === 'string' && value.includes('default-src') ? 'CSP' : value));
    expect(withoutCsp(emulated)).toBe(withoutCsp(deployed));
  });

  it('when a directive is extended, then the others are kept as they were', () => {
    expect(extendCsp("default-src 'self'; connect-src 'self'", { 'connect-src': ['http://a:1'] })).toBe(
      "default-src 'self'; connect-src 'self' http://a:1",
    );
  });
});

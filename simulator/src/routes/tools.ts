import type { FastifyInstance } from 'fastify';

const NAMES: Record<string, string> = {
  compass: 'Compass',
  'diagnostic-portal': 'Diagnostic Portal',
  epon: 'ePON',
  'network-console': 'Network Management Console',
  'thor-location': 'THoR Location',
  crm: 'CRM',
  voip: 'VoIP templates',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * Stand-ins for the provider's other tools, which the 360 view links to (the demo's link configuration
 * points here): a page naming the tool and echoing the path and query it was opened with, decoded.
 */
export function toolRoutes(app: FastifyInstance): void {
  app.get('/tools/*', async (req, reply) => {
    const url = new URL(req.url, 'http://simulator.invalid');
    const [tool = '', ...rest] = url.pathname.slice('/tools/'.length).split('/');
    const name = NAMES[tool];
    if (!name) return reply.code(404).send({ error: 'not_found', message: `No simulated tool ${tool}` });
    const items = [
      ...rest.map((segment) => ['path', decodeURIComponent(segment)] as const),
      ...[...url.searchParams].map(([key, value]) => [key, value] as const),
    ];
    const list = items
      .map(([key, value]) => `<li><code>${escapeHtml(key)}</code> <output>${escapeHtml(value)}</output></li>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${name} (simulated)</title></head>` +
          `<body><h1>${name}</h1><p>A stand-in of the upstream simulator, opened with:</p><ul>${list}</ul></body></html>`,
      );
  });
}

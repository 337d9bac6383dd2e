import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../server';

// Every request fails at random: the stand-in pages are not upstream services and are left out.
const app = (await createSimulator({ config: { latencyMs: 0, jitterMs: 0, errorRate: 1 } })).server;

describe('the other tools stand-in pages', () => {
  it('when a tool is opened with a MAC in its path or a node in its query, then the page names the tool and shows them decoded and escaped', async () => {
    const byPath = await request(app).get('/tools/epon/onu/A4C1E8000010');
    expect(byPath.status).toBe(200);
    expect(byPath.headers['content-type']).toMatch(/^text\/html/);
    expect(byPath.text).toContain('<h1>ePON</h1>');
    expect(byPath.text).toContain('<output>A4C1E8000010</output>');
    const byQuery = await request(app).get(`/tools/thor-location?node=${encodeURIComponent('OTT<1>&2')}`);
    expect(byQuery.text).toContain('<h1>THoR Location</h1>');
    expect(byQuery.text).toContain('<code>node</code> <output>OTT&#60;1&#62;&#38;2</output>');
  });

  it('when the tool is unknown, then 404', async () => {
    expect((await request(app).get('/tools/unknown?mac=1')).status).toBe(404);
  });
});

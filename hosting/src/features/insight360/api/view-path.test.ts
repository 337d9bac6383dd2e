import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../../testing/fake-api';
import { setFakeUser } from '../../../testing/fake-firebase';
import { openedViewReads, prefetchOpenedView, prefetchViewAnswer, setWholeViewAnswers } from './view-path';
import { WAIT } from '../../../testing/wait';

describe('what a page address that opens a view reads first', () => {
  it('maps a page address to the view answer it opens in its language, its looks, the playbook and the links, and nothing else', () => {
    expect(openedViewReads('/i/mac/a4-c1-e8-00-00-01')).toEqual({
      stream: '/360/A4C1E8000001?language=en',
      json: ['/360/A4C1E8000001/looks', '/diagnosis/playbook', '/links'],
    });
    expect(openedViewReads('/fr/i/mac/A4C1E8000001')?.stream).toBe('/360/A4C1E8000001?language=fr');
    expect(openedViewReads('/i/mac/enter-mac')).toBeNull();
    expect(openedViewReads('/i/mac/not-a-mac')).toBeNull();
    expect(openedViewReads('/i/mac/%E0%A4%A')).toBeNull();
    expect(openedViewReads('/threshold')).toBeNull();
  });

  it('when a view is opened directly, then its four reads are asked for at once, each once however often the page asks; another page asks for nothing', async () => {
    setFakeUser(null);
    const api = installFakeApi({
      'GET /360/A4C1E8000002': { lines: [] },
      'GET /360/A4C1E8000002/looks': ok({ looks: [] }),
      'GET /diagnosis/playbook': ok({ entries: [] }),
      'GET /links': ok({ tools: {} }),
    });
    prefetchOpenedView('/threshold');
    prefetchOpenedView('/fr/i/mac/a4:c1:e8:00:00:02');
    prefetchOpenedView('/fr/i/mac/a4:c1:e8:00:00:02');
    await vi.waitFor(() => expect(api.called('GET', '/links')).toHaveLength(1), WAIT);
    expect(api.called('GET', '/diagnosis/playbook')).toHaveLength(1);
    const [stream] = api.called('GET', '/360/A4C1E8000002');
    expect(stream?.query.get('language')).toBe('fr');
    expect(stream?.headers.get('accept')).toBe('application/x-ndjson');
    expect(api.called('GET', '/360/A4C1E8000002/looks')[0]?.headers.get('accept')).toBe('application/json');
    expect(api.calls).toHaveLength(4);
  });

  it('when the app navigates to a view, then its answer and looks are asked for (not the playbook nor the links, which the app has); none on a path that buffers streams, nor for another page', async () => {
    setFakeUser(null);
    const api = installFakeApi({
      'GET /360/A4C1E8000003': { lines: [] },
      'GET /360/A4C1E8000003/looks': ok({ looks: [] }),
      'GET /360/A4C1E8000004': { lines: [] },
      'GET /360/A4C1E8000004/looks': ok({ looks: [] }),
    });
    expect(prefetchViewAnswer('/net-manage')).toBe(false);
    expect(prefetchViewAnswer('/i/mac/a4c1e8000003')).toBe(true);
    await vi.waitFor(() => expect(api.called('GET', '/360/A4C1E8000003/looks')).toHaveLength(1), WAIT);
    expect(api.called('GET', '/360/A4C1E8000003')[0]?.headers.get('accept')).toBe('application/x-ndjson');
    setWholeViewAnswers(false);
    try {
      expect(prefetchViewAnswer('/i/mac/a4c1e8000004')).toBe(false);
    } finally {
      setWholeViewAnswers(true);
    }
    expect(api.calls).toHaveLength(2);
  });
});

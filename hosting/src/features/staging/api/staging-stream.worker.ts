/**
 * The staging pages' Web Worker: it runs the staging engine (staging-engine.ts), which parses the
 * stream's rows, owns them and their change flags, and posts the page only the rows its table shows.
 */
import { createStagingEngine, type PageMessage } from './staging-engine';

const scope = self as unknown as {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<PageMessage>) => void) | null;
};
const engine = createStagingEngine((message) => scope.postMessage(message));
scope.onmessage = (event) => engine(event.data);

import { onRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import { createApp } from './app';

const app = createApp({ version: process.env.INSIGHT_VERSION ?? '0.0.0', logger });

export const api = onRequest({ region: 'us-central1', invoker: 'public' }, app);

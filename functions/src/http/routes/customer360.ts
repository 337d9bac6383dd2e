import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  regenerateRequestSchema,
  resetRequestSchema,
  sendSmsRequestSchema,
  voiceOperationSchema,
} from '@insight/common/customer360';
import { getBirthCertificates } from '../../domain/birth-certificates/get-birth-certificates';
import { getCustomer } from '../../domain/customer/get-customer';
import { getLan } from '../../domain/lan/get-lan';
import {
  regenerateBirthCertificate,
  resetDevice,
  sendBirthCertificateSms,
  voiceOperation,
  type OperationDeps,
} from '../../domain/operations/operations';
import type { UpstreamCalls } from '../../domain/upstream-calls';
import { getVoice } from '../../domain/voice/get-voice';
import { getWan } from '../../domain/wan/get-wan';
import { currentUser, requireCapability } from '../middleware/authenticate';
import { parseWith, validateMac } from '../middleware/validate';

const readQuery = z.object({
  language: z.enum(['en', 'fr']).default('en'),
  refresh: z.enum(['0', '1', 'true', 'false']).optional(),
});
const portParam = z.coerce.number().int().min(1).max(16);

/** Express 5 forwards rejected promises to the error middleware. */
type Handler = (req: Request, res: Response) => Promise<void>;

export function customer360Router(calls: UpstreamCalls, operations: OperationDeps): Router {
  const router = Router();
  const view = requireCapability('view360');
  const read =
    (load: (mac: string, language: string, fresh: boolean) => Promise<unknown>): Handler =>
    async (req, res) => {
      const query = parseWith(readQuery, req.query);
      const fresh = query.refresh === '1' || query.refresh === 'true';
      res.set('cache-control', 'private, no-store');
      res.json(await load(res.locals.mac as string, query.language, fresh));
    };
  const actor = (res: Response) => {
    const user = currentUser(res);
    return { uid: user.uid, email: user.email };
  };

  router.get(
    '/360/:mac/customer',
    view,
    validateMac,
    read((mac, language, fresh) => getCustomer(calls, mac, language, fresh)),
  );
  router.get(
    '/360/:mac/wan',
    view,
    validateMac,
    read((mac, language, fresh) => getWan(calls, mac, language, fresh)),
  );
  router.get(
    '/360/:mac/lan',
    view,
    validateMac,
    read((mac, _language, fresh) => getLan(calls, mac, fresh)),
  );
  router.get(
    '/360/:mac/voice',
    view,
    validateMac,
    read((mac, _language, fresh) => getVoice(calls, mac, fresh)),
  );
  router.get(
    '/360/:mac/birth-certificates',
    view,
    validateMac,
    read((mac, _language, fresh) => getBirthCertificates(calls, mac, fresh)),
  );

  router.post('/360/:mac/reset', requireCapability('deviceReset'), validateMac, async (req, res) => {
    parseWith(resetRequestSchema, req.body ?? {});
    res.status(202).json(await resetDevice(operations, actor(res), res.locals.mac));
  });
  router.post('/360/:mac/voice/ports/:port', requireCapability('voiceOps'), validateMac, async (req, res) => {
    const port = parseWith(portParam, req.params.port);
    const operation = parseWith(voiceOperationSchema, req.body);
    res.status(202).json(await voiceOperation(operations, actor(res), res.locals.mac, port, operation));
  });
  router.post(
    '/360/:mac/birth-certificates/regenerate',
    requireCapability('regenerateBc'),
    validateMac,
    async (req, res) => {
      parseWith(regenerateRequestSchema, req.body ?? {});
      res.status(201).json(await regenerateBirthCertificate(operations, actor(res), res.locals.mac));
    },
  );
  router.post(
    '/360/:mac/birth-certificates/sms',
    requireCapability('sendBcSms'),
    validateMac,
    async (req, res) => {
      const request = parseWith(sendSmsRequestSchema, req.body);
      res.status(202).json(await sendBirthCertificateSms(operations, actor(res), res.locals.mac, request));
    },
  );
  return router;
}

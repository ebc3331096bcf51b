import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { verifySolutionBody } from '@marketplace/shared/contracts';
import { ok } from '../../lib/envelope';
import type { VerificationService } from './verification.service';

const tags = ['verification'];

export const verificationRoutes = async (app: FastifyInstance, { service }: { service: VerificationService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/verification/challenge',
    { schema: { tags, summary: 'ALTCHA challenge (v2) for the widget' } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(request, await service.createChallenge());
    },
  );

  r.post(
    '/api/verification/verify',
    {
      schema: {
        tags,
        summary:
          'Redeem a solved challenge for a 30-minute verification token and a day-long HttpOnly cookie covering every tab of the browser',
        body: verifySolutionBody,
      },
    },
    async (request, reply) => {
      const token = await service.verify(request.body.payload);
      // Every tab of this browser is verified for a day by an HttpOnly cookie; the token stays for other clients.
      const device = service.deviceCookie(request.protocol === 'https');
      reply.header('set-cookie', device.setCookie);
      return ok(request, { ...token, deviceVerifiedUntil: device.until.toISOString() }, 'ok.verified');
    },
  );
};

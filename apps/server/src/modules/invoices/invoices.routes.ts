import { idSchema } from '@shop/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { DocumentFile } from './invoices.service.js';

/** A refund's id at the payment provider ('re_…'). */
const refundIdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_]{1,100}$/, 'Not a valid refund id') });
/** The PDF's bytes (described as a string: Fastify sends a Buffer as it is, unserialized). */
const pdf = z.string().describe('application/pdf');

/** A document as a download: personal, so never kept by a shared cache. */
function sendFile(reply: FastifyReply, file: DocumentFile) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file.pdf);
}

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/purchases/:id/invoice',
    {
      config: { access: 'user' },
      schema: {
        tags: ['invoices'],
        ...bearer,
        summary: "A paid purchase's invoice as a PDF, the same bytes on every download (owner or admin; 404 for anyone else; 409 while unpaid)",
        params: z.object({ id: idSchema }),
        produces: ['application/pdf'],
        response: { 200: pdf, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => sendFile(reply, await app.invoices.invoiceFile(request.user!, request.params.id)),
  );

  app.get(
    '/refunds/:id/credit-note',
    {
      config: { access: 'user' },
      schema: {
        tags: ['invoices'],
        ...bearer,
        summary: "A refund's credit note as a PDF, naming its invoice (owner or admin; 404 for anyone else)",
        params: refundIdParams,
        produces: ['application/pdf'],
        response: { 200: pdf, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => sendFile(reply, await app.invoices.creditNoteFile(request.user!, request.params.id)),
  );
};

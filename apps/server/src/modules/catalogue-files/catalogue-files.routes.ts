import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import { errorEnvelopeSchema, IMPORT_FILES, IMPORT_MAX_BYTES, type ImportFile, importMessages, importQuerySchema, importReportSchema } from '@shop/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.js';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import type { CatalogueFilesService, ReadFiles } from './catalogue-files.service.js';
import { decodeText, NotText } from './csv.js';

const isImportFile = (name: string): name is ImportFile => (IMPORT_FILES as readonly string[]).includes(name);

/**
 * A file's text, chunk by chunk as its bytes arrive, in the encoding it was saved in (decodeText);
 * a file that is not text refuses it. Stopping early leaves the file to be drained, so the next
 * part of the form can be read.
 */
async function* fileText(file: Readable, field: ImportFile): AsyncGenerator<string> {
  try {
    yield* decodeText(file.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>);
  } catch (error) {
    if (error instanceof NotText) throw new AppError(422, 'VALIDATION_FAILED', error.message, { [field]: [error.message] });
    throw error;
  }
}

/**
 * The files of the multipart fields `products`, `fitment` and `serviceKits`, each read and parsed
 * as it arrives (at most one of each, each at most 50 MB and IMPORT_MAX_ROWS rows).
 */
async function readImportFiles(request: FastifyRequest, service: CatalogueFilesService): Promise<ReadFiles> {
  const files: ReadFiles = {};
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (!isImportFile(part.fieldname) || files[part.fieldname] !== undefined) {
        part.file.resume();
        throw badRequest(importMessages.oneEach);
      }
      try {
        const text = fileText(part.file, part.fieldname);
        if (part.fieldname === 'products') files.products = await service.readProducts(text);
        else if (part.fieldname === 'fitment') files.fitment = await service.readFitment(text);
        else files.serviceKits = await service.readServiceKits(text);
      } finally {
        // A read that stopped early (a bad header, too many rows) leaves the rest unread.
        part.file.resume();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'PAYLOAD_TOO_LARGE', importMessages.tooLarge);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(importMessages.oneEach);
    throw error;
  }
  if (files.products === undefined && files.fitment === undefined && files.serviceKits === undefined) throw badRequest(importMessages.noFiles);
  return files;
}

/** A CSV file to download, with a byte order mark so spreadsheets read it as UTF-8. */
const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'no-store')
    .send(`\uFEFF${csv}`);

export const catalogueFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: IMPORT_FILES.length, fields: 2, fieldSize: 1024, parts: IMPORT_FILES.length + 2, headerPairs: 50 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/catalogue/import',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalogue files'],
        ...bearer,
        summary:
          'Imports the products CSV, the fitment CSV and the service kits CSV (multipart fields "products", "fitment" and "serviceKits", each optional, at most 50 MB and 10 000 product, 50 000 fitment or 50 000 kit rows): checked whole first, written in one transaction only when no row is wrong, parts matched by part number, a stock written only where the file changes it and only while the shelf holds its quantitySeen, a vehicle\'s kit in the file replacing its kit (admin). With check=true, only checks',
        consumes: ['multipart/form-data'],
        querystring: importQuerySchema,
        response: {
          200: importReportSchema,
          400: errorEnvelopeSchema,
          401: errorEnvelopeSchema,
          403: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          // Every refused row of an import, or a file that is not text.
          422: z.union([importReportSchema, errorEnvelopeSchema]),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', importMessages.noFiles);
      const write = request.query.check !== 'true';
      const report = await app.catalogueFiles.import(await readImportFiles(request, app.catalogueFiles), { write, actor: request.user! });
      request.log.info({ by: request.user?.email, write, products: report.products, fitment: report.fitment, errors: report.errorCount }, 'catalogue import');
      // Refused rows are the answer of a check; of an import, they are why nothing was written.
      return reply.code(write && report.errorCount > 0 ? 422 : 200).send(report);
    },
  );

  app.get(
    '/catalogue/products.csv',
    {
      config: { access: 'admin' },
      schema: { tags: ['catalogue files'], ...bearer, summary: 'The catalogue as the products CSV (admin)', response: { 200: z.string(), ...errors(401, 403) } },
    },
    async (_request, reply) => sendCsv(reply, 'products.csv', await app.catalogueFiles.exportProducts()),
  );

  app.get(
    '/catalogue/fitment.csv',
    {
      config: { access: 'admin' },
      schema: { tags: ['catalogue files'], ...bearer, summary: "The catalogue's fitment as the fitment CSV ('*' make and model for a universal part) (admin)", response: { 200: z.string(), ...errors(401, 403) } },
    },
    async (_request, reply) => sendCsv(reply, 'fitment.csv', await app.catalogueFiles.exportFitment()),
  );

  app.get(
    '/catalogue/service-kits.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['catalogue files'],
        ...bearer,
        summary: "The vehicles' service kits as the service kits CSV: a row per kit line, the kit's intervals on each (admin)",
        response: { 200: z.string(), ...errors(401, 403) },
      },
    },
    async (_request, reply) => sendCsv(reply, 'service-kits.csv', await app.catalogueFiles.exportServiceKits()),
  );
};

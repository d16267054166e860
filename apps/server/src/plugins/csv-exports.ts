/**
 * CSV exports: the procedure checks the caller and the input and answers `{filename,
 * columns, rows}`; the first row is read before any byte is sent, so that every error up
 * to it answers in the JSON envelope: bad input (400), the export limit (429: the rows
 * take one of the process's places, packages/api/src/services/exports.ts, shared with
 * the tRPC stream of the same procedures), the database. The rows, read lazily page by
 * page, are piped through csv-stringify to the client: a row is read only when the client
 * takes the bytes (backpressure); a client that goes away ends the rows' generator and
 * its queries; one that stops reading is cut by the export limit. A failure after the
 * first row closes the connection: the client sees a download cut short, never a file
 * that looks whole, nor an error body under the CSV's headers.
 */
import { PassThrough, pipeline, Readable } from 'node:stream';

import { restRoutes, type CsvExport } from '@gatehouse/api';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsync } from 'fastify';

import { sendError } from '../http';
import { callProcedure } from '../procedure-call';

const csvExports: FastifyPluginAsync = async (app) => {
  for (const route of restRoutes.filter((candidate) => candidate.csv)) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        let file: CsvExport;
        let rows: AsyncIterator<Record<string, string | null>>;
        let first: IteratorResult<Record<string, string | null>>;
        try {
          file = (await callProcedure(request, route, { reply })) as CsvExport;
          rows = file.rows[Symbol.asyncIterator]();
          first = await rows.next();
        } catch (error) {
          return sendError(reply, error);
        }
        async function* allRows() {
          if (first.done) return;
          yield first.value;
          for (let next = await rows.next(); !next.done; next = await rows.next()) yield next.value;
        }
        const source = Readable.from(allRows());
        // Closing the generator closes the export's rows too (its place, its queries).
        source.once('close', () => void rows.return?.().catch(() => {}));
        // escape_formulas: a cell starting with =, +, -, @ (a phone number's + too), tab or CR gets a leading '.
        const csv = stringify({ header: true, columns: [...file.columns], escape_formulas: true });
        // The body Fastify sends never fails: a failure of the rows closes the connection instead.
        const body = new PassThrough();
        pipeline(source, csv, (error) => {
          if (!error) return;
          if ((error).code !== 'ERR_STREAM_PREMATURE_CLOSE') request.log.warn({ err: error }, 'CSV export failed');
          reply.raw.destroy();
        });
        csv.pipe(body);
        // The response closed before its end (the client went away, or the download was cut): stop reading rows.
        body.once('close', () => csv.destroy());
        return reply
          .code(200)
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .type('text/csv; charset=utf-8')
          .send(body);
      },
    });
  }
};

/** The CSV routes of the REST table, in a scope of their own. */
export default csvExports;

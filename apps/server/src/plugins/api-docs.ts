/**
 * The API described: the OpenAPI document at GET /api/openapi.json (no token), and a
 * human reference at /api/docs whose assets (Swagger UI) are served by us, so it works on
 * a LAN without internet. The docs carry our own CSP (set by the security headers):
 * Swagger UI's page has no inline script or style. Its `staticCSP: true` would replace
 * ours with a looser one (style-src https:, img-src validator.swagger.io,
 * upgrade-insecure-requests, which breaks the page on the plain-HTTP gate LAN).
 */
import fastifySwagger, { type StaticDocumentSpec } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { buildOpenApiDocument, type OpenApiDocument } from '@gatehouse/api';
import type { FastifyPluginAsync } from 'fastify';

import serverPackage from '../../package.json' with { type: 'json' };

/** Where the human API reference is served; its assets under `${API_DOCS_PREFIX}/static/`. */
export const API_DOCS_PREFIX = '/api/docs';

let openApiDocument: { object: OpenApiDocument; json: string } | undefined;

/** The document and its JSON text, built from the REST table on first use. */
function builtDocument() {
  openApiDocument ??= (() => {
    const object = buildOpenApiDocument({ version: serverPackage.version });
    return { object, json: JSON.stringify(object) };
  })();
  return openApiDocument;
}

/**
 * The OpenAPI document of the REST API, built from the REST table on first use and kept
 * for the life of the process (it only changes with the code).
 */
export function apiDocument(): OpenApiDocument {
  return builtDocument().object;
}

const apiDocs: FastifyPluginAsync = async (app) => {
  const document = builtDocument();
  // The plugin types its static document as OpenAPI 3.0; ours is 3.1, linted as such (test/openapi.test.ts).
  await app.register(fastifySwagger, { mode: 'static', specification: { document: document.object as unknown as StaticDocumentSpec['document'] } });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // BaseLayout: no top bar, whose Swagger logo is an SVG with an inline <style> our CSP refuses.
    uiConfig: { layout: 'BaseLayout', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: { title: 'Gatehouse API' },
  });
  app.get('/api/openapi.json', async (_request, reply) => reply.type('application/json; charset=utf-8').send(document.json));
};

/** The API reference, in a scope of its own. */
export default apiDocs;

/**
 * Security headers on every answer, and no caching of API answers.
 *
 * The web app loads only its own files: no inline scripts, no framing by other sites, no
 * referrer sent away, no MIME sniffing. No CORS plugin is registered, so other origins
 * get no Access-Control-* headers: CORS stays closed.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

import { isApiPath } from '../http';

const securityHeaders: FastifyPluginAsync = async (app) => {
  // Helmet's middleware is built once here and applied to every request's response
  // (@fastify/helmet rebuilt it, parsing the policy again, on every request: a cost on
  // the gate's hot path, where a scan must be answered fast).
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The QR decoder is WebAssembly served by us: compiling it needs
        // 'wasm-unsafe-eval', which allows WebAssembly only, not eval of JavaScript.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // Served over plain HTTP on a gate LAN as well: no HSTS, no upgrade of requests.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });

  // API answers are personal and change with every move: never cached.
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('Cache-Control', 'no-store');
  });
};

/** Applies to every route of the app (hence fastify-plugin: no scope of its own). */
export default fp(securityHeaders, { name: 'gatehouse-security-headers', fastify: '5.x' });

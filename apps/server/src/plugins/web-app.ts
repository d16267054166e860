/**
 * The built web app at / (when its folder holds an index.html), with history fallback,
 * and the answer to every unknown path: the error envelope under /api and /trpc, the
 * app's index.html for any other GET or HEAD, else a plain 404.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

import { isApiPath, refuse } from '../http';

const webApp: FastifyPluginAsync<{ webRoot?: string | undefined }> = async (app, { webRoot }) => {
  const serveWeb = webRoot !== undefined && existsSync(path.join(webRoot, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      // index.html.br, assets/*.js.gz…: written by the build, chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // `/api/…` and `/trpc/…` only: a screen such as /api-tokens is the web app's.
    if (isApiPath(request.url)) {
      return refuse(reply, 404, 'Not found');
    }
    if (serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: client-side routes load the app, which routes them.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
};

/** Sets the app's own not-found handler (hence fastify-plugin: it must be the root's). */
export default fp(webApp, { name: 'gatehouse-web-app', fastify: '5.x' });

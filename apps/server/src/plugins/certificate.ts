/** The server's self-signed certificate at GET /api/tls/certificate, for gate tablets to install and trust. */
import type { FastifyPluginAsync } from 'fastify';

const certificate: FastifyPluginAsync<{ cert: string }> = async (app, { cert }) => {
  app.get('/api/tls/certificate', async (_request, reply) =>
    reply
      .header('Content-Disposition', 'attachment; filename="gatehouse-certificate.crt"')
      .type('application/x-x509-ca-cert')
      .send(cert),
  );
};

/** The certificate route, in a scope of its own. */
export default certificate;

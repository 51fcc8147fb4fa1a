import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isAddressShaped } from '@ventanilla/domain';
import { serverMessage } from '../i18n/server-messages.js';
import { isApiRequest } from './security.js';
import { collectStaticFiles, registerStaticFiles } from './static-files.js';

/** Whether the last segment of a path is an e-mail address (encoded or not): never a file's name. */
function endsInEmail(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  try {
    return isAddressShaped(decodeURIComponent(last));
  } catch {
    return false;
  }
}

/**
 * Serves the built web app (apps/web/dist): its files precompressed (brotli, gzip) and hashed assets cached for a
 * year (static-files.ts), index.html for every other page path (client-side routes). Unknown /api paths answer a
 * JSON 404.
 */
export default fp(
  async function webStaticPlugin(app: FastifyInstance) {
    const root = app.ctx.config.webDistDir;
    const indexFile = path.join(root, 'index.html');
    const hasWeb = existsSync(indexFile);
    if (hasWeb) registerStaticFiles(app, collectStaticFiles(root));
    const indexHtml = hasWeb ? readFileSync(indexFile) : null;

    app.setNotFoundHandler(async (request, reply) => {
      const language = request.language;
      // A missing file (an asset of an older build, a typo) is a 404, never the app's HTML in its place. A path
      // ending in an e-mail address (the sign-in's second step, /customer/authenticate/{email}) is a page, not a file.
      const pathname = request.url.split('?')[0] ?? '';
      if (pathname.startsWith('/assets/') || (/\.[a-z0-9]{1,8}$/i.test(pathname) && !endsInEmail(pathname))) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      if (isApiRequest(request) || request.method !== 'GET') {
        return reply.code(404).send({ code: 'NOT_FOUND', message: serverMessage(language, 'ROUTE_NOT_FOUND') });
      }
      if (!indexHtml) {
        return reply.code(404).type('text/plain; charset=utf-8').send('The web app is not built: run npm run build.');
      }
      // The store's page: server-rendered (catalogue, category, product, not found) or the shell (modules/seo).
      if (await app.servePage(request, reply)) return reply;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    });
  },
  { name: 'web-static', dependencies: ['context', 'seo'] },
);

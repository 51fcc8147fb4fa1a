import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseRefcatQuery } from '@ventanilla/domain';
import { AppError } from '../../shared/app-error.js';
import { errors } from '../../shared/http-schemas.js';
import { LookupUnavailableError } from './cadastre.adapter.js';
import {
  CadastreAnswer,
  CadastreByAddressQuery,
  CadastreList,
  CadastreQuery,
  GeocodeList,
  GeocodeQuery,
} from './lookups.schema.js';
import type { LookupsService } from './lookups.service.js';

/** An outside service that did not answer: 503 with a message that says which lookup failed. */
async function outside<T>(work: () => Promise<T>, log: { warn: (obj: object, msg: string) => void }): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof LookupUnavailableError)) throw error;
    log.warn({ err: error }, 'lookup service unavailable');
    throw new AppError('UNAVAILABLE', error.message, { messageKey: 'LOOKUP_UNAVAILABLE' });
  }
}

/**
 * Public lookups (docs/integrations.md): the cadastral reference, the references at an address, geocoding. Public
 * because the wizard asks them before anyone signs in; rate-limited per address (LOOKUPS_PER_MINUTE).
 */
export function lookupsRoutes(lookups: LookupsService): FastifyPluginAsyncTypebox {
  return async (app) => {
    const rateLimit = { max: app.ctx.config.lookups.perMinute, timeWindow: '1 minute' };

    app.get(
      '/api/lookups/cadastre',
      {
        config: { rateLimit },
        schema: {
          tags: ['lookups'],
          summary:
            'refcatastral: the property of a cadastral reference (province, municipality, address); 404 "Registro no encontrado"',
          querystring: CadastreQuery,
          response: { 200: CadastreAnswer, ...errors(400, 404, 429, 503) },
        },
      },
      async (request) => {
        const query = parseRefcatQuery(request.query.refcat);
        if (!query.ok)
          throw new AppError('VALIDATION_ERROR', `refcat ${query.reason}`, {
            messageKey: 'CADASTRAL_REFERENCE_INVALID',
            fields: [{ field: 'refcat', message: { key: 'validator.refcat' } }],
          });
        const units = await outside(() => lookups.cadastreByReference(query), request.log);
        const [first] = units;
        if (!first) throw new AppError('NOT_FOUND', `refcat ${query.refcat}`);
        return { ...first, source: lookups.cadastre.name, units };
      },
    );

    app.get(
      '/api/lookups/cadastre/by-address',
      {
        config: { rateLimit },
        schema: {
          tags: ['lookups'],
          summary: 'The cadastral references at an address (INE province and municipality, street, number)',
          querystring: CadastreByAddressQuery,
          response: { 200: CadastreList, ...errors(400, 404, 429, 503) },
        },
      },
      async (request) => {
        const { province, municipality, street, number = '' } = request.query;
        if (!municipality.startsWith(province))
          throw new AppError('VALIDATION_ERROR', 'municipality outside province', {
            fields: [{ field: 'municipality', key: 'field.invalid' }],
          });
        const items = await outside(
          () => lookups.cadastreByAddress({ provinceCode: province, municipalityCode: municipality, street, number }),
          request.log,
        );
        if (items.length === 0) throw new AppError('NOT_FOUND', `address ${municipality}`);
        return { source: lookups.cadastre.name, items };
      },
    );

    app.get(
      '/api/lookups/geocode',
      {
        config: { rateLimit },
        schema: {
          tags: ['lookups'],
          summary: 'Points for an address or a place (municipality seats offline; a Nominatim service when configured)',
          querystring: GeocodeQuery,
          response: { 200: GeocodeList, ...errors(400, 429, 503) },
        },
      },
      async (request) => {
        const { q, limit = 5 } = request.query;
        const items = await outside(() => lookups.geocode(q, limit), request.log);
        return { source: lookups.geocoder.name, items };
      },
    );
  };
}

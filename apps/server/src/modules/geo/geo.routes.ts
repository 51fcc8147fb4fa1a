import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Place, PlaceKind } from '@ventanilla/domain';
import { AppError } from '../../shared/app-error.js';
import { errors } from '../../shared/http-schemas.js';
import {
  CodeParams,
  EsMunicipalitiesQuery,
  PlaceItem,
  PlaceList,
  PtMunicipalitiesQuery,
  PtParishesQuery,
} from './geo.schema.js';

/** The data sets change only with a deploy: browsers and proxies may keep answers for a day. */
function cached(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=86400');
}

function placeOut(place: Place) {
  return { code: place.code, name: place.name, parent_code: place.parent_code, parent_name: place.parent_name };
}

/**
 * Place pickers (docs/geo-data.md): Spanish provinces and municipalities (INE codes), Portuguese districts, concelhos
 * and freguesias (DICOFRE). Public and read-only; the engine checks answers against the same data.
 */
const geoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { places } = app.ctx;

  const one = (kind: PlaceKind, code: string) => {
    const place = places.find(kind, code);
    if (!place) throw new AppError('NOT_FOUND', `${kind} ${code}`);
    return placeOut(place);
  };

  app.get(
    '/api/geo/es/provinces',
    {
      schema: { tags: ['geo'], summary: 'Spanish provinces (INE codes), in name order', response: { 200: PlaceList } },
    },
    async (_request, reply) => {
      cached(reply);
      return { items: places.all('es_province').map(placeOut), more: false };
    },
  );

  app.get(
    '/api/geo/es/municipalities',
    {
      schema: {
        tags: ['geo'],
        summary: 'Spanish municipalities matching the typed text, optionally within a province',
        querystring: EsMunicipalitiesQuery,
        response: { 200: PlaceList, ...errors(400) },
      },
    },
    async (request, reply) => {
      cached(reply);
      const { q, province, limit = 20 } = request.query;
      const found = places.search({ kind: 'es_municipality', q, within: province, limit });
      return { items: found.items.map(placeOut), more: found.more };
    },
  );

  app.get(
    '/api/geo/es/municipalities/:code',
    {
      schema: {
        tags: ['geo'],
        summary: 'A Spanish municipality by its INE code (5 digits, or 6 with the check digit)',
        params: CodeParams('^\\d{5,6}$', '28079'),
        response: { 200: PlaceItem, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const place = one('es_municipality', request.params.code);
      cached(reply);
      return place;
    },
  );

  app.get(
    '/api/geo/pt/districts',
    {
      schema: {
        tags: ['geo'],
        summary: 'Portuguese districts and the two autonomous regions (30 Madeira, 40 Açores)',
        response: { 200: PlaceList },
      },
    },
    async (_request, reply) => {
      cached(reply);
      return { items: places.all('pt_district').map(placeOut), more: false };
    },
  );

  app.get(
    '/api/geo/pt/municipalities',
    {
      schema: {
        tags: ['geo'],
        summary: 'Portuguese concelhos matching the typed text, optionally within a district',
        querystring: PtMunicipalitiesQuery,
        response: { 200: PlaceList, ...errors(400) },
      },
    },
    async (request, reply) => {
      cached(reply);
      const { q, district, limit = 20 } = request.query;
      const found = places.search({ kind: 'pt_municipality', q, within: district, limit });
      return { items: found.items.map(placeOut), more: found.more };
    },
  );

  app.get(
    '/api/geo/pt/municipalities/:code',
    {
      schema: {
        tags: ['geo'],
        summary: 'A Portuguese concelho by its DICO code',
        params: CodeParams('^\\d{4}$', '1106'),
        response: { 200: PlaceItem, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const place = one('pt_municipality', request.params.code);
      cached(reply);
      return place;
    },
  );

  app.get(
    '/api/geo/pt/parishes',
    {
      schema: {
        tags: ['geo'],
        summary: 'Portuguese freguesias matching the typed text, optionally within a concelho or a district',
        querystring: PtParishesQuery,
        response: { 200: PlaceList, ...errors(400) },
      },
    },
    async (request, reply) => {
      cached(reply);
      const { q, municipality, district, limit = 20 } = request.query;
      const found = places.search({ kind: 'pt_parish', q, within: municipality ?? district, limit });
      return { items: found.items.map(placeOut), more: found.more };
    },
  );

  app.get(
    '/api/geo/pt/parishes/:code',
    {
      schema: {
        tags: ['geo'],
        summary: 'A Portuguese freguesia by its DICOFRE code',
        params: CodeParams('^[0-9A-Za-z]{6}$', '110658'),
        response: { 200: PlaceItem, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const place = one('pt_parish', request.params.code);
      cached(reply);
      return place;
    },
  );
};

export default geoRoutes;

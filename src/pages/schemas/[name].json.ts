import type { APIRoute, GetStaticPaths } from 'astro';
import { PUBLISHED_SCHEMAS, jsonSchemaOf } from '../../registry/json-schemas';

export const getStaticPaths: GetStaticPaths = () => PUBLISHED_SCHEMAS.map((s) => ({ params: { name: s.name } }));

export const GET: APIRoute = ({ params, site }) =>
  new Response(`${JSON.stringify(jsonSchemaOf(params.name!, site?.href ?? ''), null, 2)}\n`, { headers: { 'Content-Type': 'application/schema+json' } });

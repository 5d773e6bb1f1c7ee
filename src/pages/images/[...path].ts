/**
 * Catalogue picture paths as the API names them ('/images/products/P0001-1.svg') keep working
 * wherever a plain <img> uses them (islands, e-mails, the mobile apps): they redirect to the
 * fingerprinted file of the image pipeline. Pages use ResponsiveImage for WebP srcsets instead.
 */
import type { APIRoute } from 'astro';
import { imageAsset } from '../../lib/images/resolve';

export const GET: APIRoute = ({ params, redirect }) => {
  const asset = imageAsset(`/images/${params.path ?? ''}`);
  if (!asset) return new Response('Not found', { status: 404, headers: { 'cache-control': 'public, max-age=60' } });
  const res = redirect(asset.src, 301);
  res.headers.set('cache-control', 'public, max-age=86400');
  return res;
};

// The web app (web-admin/, built by Vite into web-admin/dist) served at `/`: its hashed assets cached for good,
// and index.html for every other page address, so a link printed on a table card (/sign-in#token=…) or a
// reload on /tournaments/x/board opens the app, which routes in the browser. /api stays the API's alone.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import express, { type RequestHandler, Router } from 'express';

export const WEB_APP_DIST = resolve(import.meta.dirname, '../../web-admin/dist');

// The app talks only to its own origin; recharts and react-aria set inline styles, hence style-src's
// 'unsafe-inline'. QR codes are drawn as inline SVG, tile faces too: no image host is needed.
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const NOT_BUILT = `<!doctype html><meta charset="utf-8"><title>Mahjong Ledger</title>
<p>The web app is not built: run <code>npm run build:web</code> (npm install and npm start build it).</p>`;

/** The web app from `dist` (default web-admin/dist); a page saying how to build it while it is missing. */
export function webAppFiles(dist: string = WEB_APP_DIST): RequestHandler {
  const router = Router();
  const index = join(dist, 'index.html');
  router.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  router.use(express.static(dist, { index: false, maxAge: 0 }));
  router.get(/^(?!\/api(\/|$)|\/metrics$).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Referrer-Policy', 'no-referrer');
    res.set('Cache-Control', 'no-cache');
    if (!existsSync(index)) return void res.status(503).type('html').send(NOT_BUILT);
    res.sendFile(index);
  });
  return router;
}

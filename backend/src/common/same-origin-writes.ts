import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from './app-error';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What a browser's fetch from our own pages says (or a request typed in by the person). */
const OWN_SITE = new Set(['same-origin', 'none']);
const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

export const FOREIGN_ORIGIN = 'Changes can only be made from this site. Please reload the page and try again.';
export const JSON_ONLY = 'Please send this request as JSON (Content-Type: application/json).';

/**
 * Cross-site request forgery. A cookie (the concierge session) or credentials the browser
 * keeps (HTTP Basic, as the queue board asks for) authorise a request whichever page sends it;
 * SameSite=Lax narrows that to our own site, not to our own origin. So a state-changing request
 * carrying either must come from our pages: Sec-Fetch-Site when the browser sends it, else
 * Origin, must name this origin. A request with neither comes from no browser (curl, a server,
 * a test) and has no ambient credentials to abuse. Such requests are JSON only, as our pages
 * send them: the forms and text/plain bodies a foreign page can post without asking are refused.
 */
export function sameOriginWrites(appUrl: string): RequestHandler {
  const appOrigin = new URL(appUrl).origin;
  return (request: Request, _response: Response, next: NextFunction) => {
    const { headers } = request;
    if (!STATE_CHANGING.has(request.method) || (!headers.cookie && !headers.authorization)) return next();
    const site = headers['sec-fetch-site'];
    const origin = headers.origin;
    const ownOrigin = (value: string) =>
      value === appOrigin || value === `${request.protocol}://${request.get('host')}`;
    const foreign = site !== undefined ? !OWN_SITE.has(String(site)) : origin !== undefined && !ownOrigin(origin);
    if (foreign) return next(new AppError('forbidden', FOREIGN_ORIGIN));
    const type = headers['content-type'];
    if (type !== undefined && !JSON_TYPE.test(type)) {
      return next(new AppError('unsupported_media_type', JSON_ONLY));
    }
    next();
  };
}

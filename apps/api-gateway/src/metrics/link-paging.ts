import type { Request, Response } from 'express';

/**
 * The spec's arrays are bare JSON arrays, so their paging lives in headers: `Link: <path?limit=…&cursor=…>;
 * rel="next"` (RFC 8288, relative to the request) when another page follows, none on the last page.
 */
export function sendNextLink(req: Request, res: Response, limit: number, cursor: string | null): void {
  if (cursor === null) return;
  const path = req.originalUrl.split('?')[0]!;
  const query = new URLSearchParams({ limit: String(limit), cursor });
  res.setHeader('Link', `<${path}?${query.toString()}>; rel="next"`);
}

/** The Link header as the OpenAPI document describes it. */
export const NEXT_LINK_HEADER = {
  Link: {
    description: 'present when another page follows: `<…?limit=…&cursor=…>; rel="next"`',
    schema: { type: 'string' },
  },
};

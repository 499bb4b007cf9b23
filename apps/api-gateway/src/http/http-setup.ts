import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ApiGatewayConfig } from '../app.config';
import { ApiErrorFilter } from './error.filter';
import { requestContext } from './request-context';
import { securityHeaders } from './security-headers';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const REQUEST_ID = /^[\w-]{1,64}$/;

/** The request's id: the client's X-Request-Id when it is a plain token of at most 64 characters, else a new UUID. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** CORS for the dashboard's origin only (also recorded by the metrics/latest fast path: latest-fast-path.ts). */
export function corsOptions(config: Pick<ApiGatewayConfig, 'CORS_ORIGINS'>) {
  return {
    origin: config.CORS_ORIGINS,
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Org-Id', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
    maxAge: 600,
  };
}

/**
 * The HTTP edge of the api-gateway: security headers, CORS for the dashboard's origin only, strict JSON bodies
 * with a size limit (413) and a JSON content type (415), the one error shape, and the OpenAPI document.
 */
export function configureHttp(app: INestApplication, config: ApiGatewayConfig): void {
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.disable('x-powered-by');
  // API answers change every poll: an ETag (a hash of every body) buys nothing.
  server.set('etag', false);
  server.set('trust proxy', config.TRUST_PROXY);
  // helmet's headers first (also on CORS preflights, which the CORS middleware answers itself), computed once.
  const security = securityHeaders();
  app.use((_req: Request, res: Response, next: NextFunction) => {
    security(res);
    next();
  });
  app.enableCors(corsOptions(config));
  const filter = new ApiErrorFilter();
  const json = express.json({ limit: config.BODY_LIMIT, strict: true });
  // The public status page's subscribe form (works without JavaScript) posts a URL-encoded body.
  const form = express.urlencoded({ limit: '4kb', extended: false, parameterLimit: 10 });
  // One middleware (each Express layer is a router step per request): the request id first (the logger's request id
  // reuses it, so even a body that fails to parse is answered with one), the JSON content type (415) and the JSON
  // body (413 past the limit). A request without Content-Length and Transfer-Encoding has no body: the parser would
  // only say so. Errors here are rendered here: this runs before Nest's router and its filters.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const id = requestIdOf(req.headers['x-request-id']);
    req.headers['x-request-id'] = id;
    (req as unknown as { id: string }).id = id;
    res.setHeader('X-Request-Id', id);
    const length = req.headers['content-length'];
    if (length === undefined && req.headers['transfer-encoding'] === undefined) {
      req.body = undefined;
      next();
      return;
    }
    const hasBody = Number(length ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const statusPageForm = isStatusPageForm(req);
    if (BODY_METHODS.has(req.method) && hasBody && !req.is('application/json') && !statusPageForm) {
      filter.render(Object.assign(new Error('unsupported media type'), { status: 415 }), req, res);
      return;
    }
    (statusPageForm ? form : json)(req, res, (error?: unknown) => (error ? filter.render(error, req, res) : next()));
  });
  // After the body parser: its callback runs from the request stream's events, outside any context set before it.
  app.use(requestContext);
  app.useGlobalFilters(filter);

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Satisfactory server monitoring API')
      .setDescription(
        'REST API of the monitoring platform. Authenticate with `Authorization: Bearer <token>`: a dashboard session ' +
          'from POST /api/v1/auth/login, or an API token (Pro plan and up) from POST /api/v1/tokens. Errors always have ' +
          'the shape {"error":{"code","message","remedy?","details?"},"request_id"}. Player health is 0-100 (FRM PlayerHP).',
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs.json' });
}

/**
 * The forms of the server-rendered status pages (subscribe; one-click unsubscribe, RFC 8058, which mail clients post
 * form-encoded): the only place the API takes a form-encoded body.
 */
function isStatusPageForm(req: Request): boolean {
  return (
    req.path.startsWith('/status/') &&
    req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded'
  );
}

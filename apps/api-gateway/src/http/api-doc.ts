import { applyDecorators, HttpCode } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { z } from 'zod';

/** A zod schema as an OpenAPI 3.0 schema object. */
export function openApiSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io: 'input' }) as Record<
    string,
    unknown
  >;
  delete json.$schema;
  return json;
}

const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        remedy: { type: 'string' },
        details: { type: 'object' },
      },
      required: ['code', 'message'],
    },
    request_id: { type: 'string' },
  },
};

/**
 * Documents a route in the OpenAPI document from the same zod schemas that validate it: summary, body, query
 * parameters, the success response and the errors it can answer.
 */
export function ApiRoute(options: {
  summary: string;
  body?: z.ZodType;
  query?: z.ZodObject;
  response?: z.ZodType;
  status?: number;
  errors?: number[];
  isPublic?: boolean;
  /** Response headers of the success answer (e.g. a Link header for paging). */
  headers?: Record<string, { description: string; schema: Record<string, unknown> }>;
}) {
  const status = options.status ?? 200;
  const decorators = [
    ApiOperation({ summary: options.summary }),
    HttpCode(status),
    ApiResponse({
      status,
      description: 'success',
      ...(options.response ? { schema: openApiSchema(options.response) } : {}),
      ...(options.headers ? { headers: options.headers } : {}),
    }),
    ...[400, ...(options.isPublic ? [] : [401]), ...(options.errors ?? [])].map((code) =>
      ApiResponse({ status: code, description: 'error', schema: ERROR_SCHEMA }),
    ),
  ];
  if (!options.isPublic) decorators.push(ApiBearerAuth());
  if (options.body) decorators.push(ApiBody({ schema: openApiSchema(options.body) }));
  if (options.query)
    for (const [name, field] of Object.entries(options.query.shape))
      decorators.push(
        ApiQuery({
          name,
          required: !(field as z.ZodType).safeParse(undefined).success,
          schema: openApiSchema(field as z.ZodType),
        }),
      );
  return applyDecorators(...decorators);
}

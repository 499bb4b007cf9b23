import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { AuditService } from './audit.service';

const AuditPage = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^\d{1,19}$/, 'must be the next_cursor of the previous page')
    // Audit ids are bigint: 19 digits can exceed its maximum, which the database would refuse (digit strings of
    // one length compare as numbers; no parsing, as refinements also run on text the regex refused).
    .refine((v) => v.length < 19 || v <= '9223372036854775807', 'must be the next_cursor of the previous page')
    .optional(),
});
const AuditEntry = z.object({
  id: z.string(),
  time: z.string(),
  action: z.string(),
  actor: z.object({ user_id: z.string().nullable(), email: z.string().nullable(), token_id: z.string().nullable() }),
  target: z.object({ type: z.string(), id: z.string() }).nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  request_id: z.string().nullable(),
});

/** The organisation's audit log, newest first (Admin). */
@ApiTags('audit')
@Controller('api/v1/audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: 'Who changed what, newest first, paged (next_cursor)',
    query: AuditPage,
    response: z.object({ items: z.array(AuditEntry), next_cursor: z.string().nullable() }),
  })
  list(@Caller() caller: Principal, @Query() query: unknown) {
    const q = parseInput(AuditPage, query, 'query');
    return this.audit.list(caller.orgId, q.limit, q.cursor ?? null);
  }
}

import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput, storableTime } from '../http/zod-input';
import { SharesService } from './shares.service';

const CreateShare = z.strictObject({
  expires_at: z.iso
    .datetime({ offset: true, error: 'must be an ISO 8601 time, e.g. 2026-12-31T23:59:59Z' })
    .refine(storableTime, 'must be a time in the years 0001-9999 (UTC)')
    .optional(),
  kind: z.enum(['dashboard', 'overlay']).default('dashboard'),
});
const ShareView = z.object({
  id: z.string(),
  server_id: z.string(),
  kind: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

/** Managing a server's share links (Operator; Pro plan and up). */
@ApiTags('share links')
@Controller('api/v1/servers/:id/shares')
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  @Post()
  @Access({ role: 'operator' })
  @ApiRoute({
    summary: 'Create a read-only link to this server (dashboard or streaming overlay); the token is shown only here',
    body: CreateShare,
    response: ShareView.extend({ token: z.string(), url: z.string(), api: z.string() }),
    status: 201,
    errors: [403, 404],
  })
  create(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.shares.create(caller, id, parseInput(CreateShare, body, 'body'));
  }

  @Get()
  @Access({ role: 'viewer' })
  @ApiRoute({ summary: "The server's live share links (no tokens)", response: z.array(ShareView), errors: [404] })
  list(@Caller() caller: Principal, @Param('id') id: string) {
    return this.shares.list(caller.orgId, id);
  }

  @Delete(':shareId')
  @Access({ role: 'operator' })
  @ApiRoute({ summary: 'Revoke a share link: it stops working at once', status: 204, errors: [404] })
  async revoke(@Caller() caller: Principal, @Param('id') id: string, @Param('shareId') shareId: string): Promise<void> {
    await this.shares.revoke(caller, id, shareId);
  }
}

import { Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { SessionsService } from './sessions.service';

const SessionView = z.object({
  id: z.uuid(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  expires_at: z.string(),
  current: z.boolean(),
});

/** The signed-in user's dashboard sessions (sessions only: API tokens are not sessions and may not call these). */
@ApiTags('accounts')
@Controller('api/v1/me/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Get()
  @ApiRoute({
    summary: "The signed-in user's sessions that still work (any organisation), newest first; `current` marks this one",
    response: z.array(SessionView),
  })
  list(@Caller() caller: Principal) {
    return this.sessions.list(caller);
  }

  @Delete(':id')
  @ApiRoute({
    summary: 'Sign one of your sessions out: its token stops working at once (404 for an id not yours)',
    status: 204,
    errors: [404],
  })
  async revoke(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.sessions.revoke(caller, id);
  }

  @Post('revoke-all')
  @ApiRoute({
    summary: 'Sign out everywhere: every session of yours, this one included, stops working at once',
    status: 204,
  })
  async revokeAll(@Caller() caller: Principal): Promise<void> {
    await this.sessions.revokeAll(caller);
  }
}

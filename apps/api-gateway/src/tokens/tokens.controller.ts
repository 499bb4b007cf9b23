import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, SCOPES, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { TokensService } from './tokens.service';

const CreateToken = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(100),
  scopes: z.array(z.enum(SCOPES)).min(1, 'name at least one scope').max(SCOPES.length),
  expires_in_days: z.int().min(1).max(3650).optional(),
});
const TokenView = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});

/** API tokens of the public API (Pro plan and up): shown once, stored hashed, scoped, revocable. */
@ApiTags('api tokens')
@Controller('api/v1/tokens')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Post()
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: 'Create an API token; the token is shown only in this answer',
    body: CreateToken,
    response: TokenView.extend({ token: z.string() }),
    status: 201,
    errors: [403],
  })
  create(@Caller() caller: Principal, @Body() body: unknown) {
    return this.tokens.create(caller, parseInput(CreateToken, body, 'body'));
  }

  @Get()
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'The API tokens of the organisation (no secrets)', response: z.array(TokenView) })
  list(@Caller() caller: Principal) {
    return this.tokens.list(caller.orgId);
  }

  @Delete(':id')
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'Revoke an API token: it is refused from now on', status: 204, errors: [404] })
  async revoke(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.tokens.revoke(caller, id);
  }
}

import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { serverView, ServerView } from './server-views';
import { ServersService } from './servers.service';

const port = z.int('must be an integer').min(1, 'must be 1-65535').max(65535, 'must be 1-65535');
const name = z.string().trim().min(1, 'must not be empty').max(100);
const password = z.string().min(1, 'must not be empty').max(256);

const CreateServer = z.strictObject({
  name,
  host: z.string().trim().min(1, 'must not be empty').max(253),
  port: port.default(7777),
  admin_password: password,
  addon_http_port: port.default(8080),
  addon_ws_port: port.default(8081),
});
const UpdateServer = z
  .strictObject({
    name: name.optional(),
    port: port.optional(),
    admin_password: password.optional(),
    addon_http_port: port.optional(),
    addon_ws_port: port.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'name at least one field to change');
const Diagnostics = z.object({
  ok: z.boolean(),
  steps: z.array(z.object({ step: z.string(), ok: z.boolean(), duration_ms: z.int(), observed: z.string() })),
  game: z.object({ version: z.string(), changelist: z.int(), state: z.string() }).nullable(),
  addon_via: z.string().nullable(),
});

@ApiTags('servers')
@Controller('api/v1/servers')
export class ServersController {
  constructor(private readonly servers: ServersService) {}

  @Get()
  @Access({ scope: 'servers:read' })
  @ApiRoute({ summary: 'The servers of the organisation', response: z.array(ServerView) })
  list(@Caller() caller: Principal) {
    return this.servers.list(caller.orgId);
  }

  @Post()
  @Access({ scope: 'servers:write', role: 'operator' })
  @ApiRoute({
    summary:
      'Register a server: the provisioning probe runs first (TCP, HealthCheck, PasswordLogin, add-on getPower); ' +
      '422 InvalidAdminPasswordException, 502 ServerUnreachableException, 500 ProvisioningFailedException name the ' +
      'failed step, what was observed and the remedy',
    body: CreateServer,
    response: ServerView.extend({ diagnostics: Diagnostics }),
    status: 201,
    errors: [403, 409, 422, 500, 502],
  })
  create(@Caller() caller: Principal, @Body() body: unknown) {
    return this.servers.create(caller.orgId, parseInput(CreateServer, body, 'body'));
  }

  @Get(':id')
  @Access({ scope: 'servers:read' })
  @ApiRoute({ summary: 'One server', response: ServerView, errors: [404] })
  async get(@Caller() caller: Principal, @Param('id') id: string) {
    return serverView(await this.servers.find(caller.orgId, id));
  }

  @Patch(':id')
  @Access({ scope: 'servers:write', role: 'operator' })
  @ApiRoute({
    summary: 'Change name, ports or admin password (a new password is checked with PasswordLogin first: 422 if wrong)',
    body: UpdateServer,
    response: ServerView,
    errors: [404, 409, 422, 502],
  })
  update(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.servers.update(caller.orgId, id, parseInput(UpdateServer, body, 'body'));
  }

  @Delete(':id')
  @Access({ scope: 'servers:write', role: 'operator' })
  @ApiRoute({ summary: 'Remove a server: polling stops; samples stay until retention', status: 204, errors: [404] })
  async remove(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.servers.remove(caller.orgId, id);
  }

  @Post(':id/diagnose')
  @Access({ scope: 'servers:read' })
  @ApiRoute({
    summary: 'Run the diagnostic steps in order (container reachable, HealthCheck, PasswordLogin, add-on getPower)',
    response: Diagnostics,
    errors: [404],
  })
  diagnose(@Caller() caller: Principal, @Param('id') id: string) {
    return this.servers.diagnose(caller.orgId, id);
  }
}

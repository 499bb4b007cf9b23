import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service';
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
  constructor(
    private readonly servers: ServersService,
    private readonly audit: AuditService,
  ) {}

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
  async create(@Caller() caller: Principal, @Body() body: unknown) {
    const created = await this.servers.create(caller.orgId, parseInput(CreateServer, body, 'body'));
    await this.audit.record(
      caller,
      'server.created',
      { type: 'server', id: created.id },
      { name: created.name, host: created.host, port: created.port },
    );
    return created;
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
  async update(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    const input = parseInput(UpdateServer, body, 'body');
    const updated = await this.servers.update(caller.orgId, id, input);
    const target = { type: 'server', id: updated.id };
    const fields = Object.keys(input).filter(
      (k) => k !== 'admin_password' && input[k as keyof typeof input] !== undefined,
    );
    if (fields.length > 0) await this.audit.record(caller, 'server.updated', target, { name: updated.name, fields });
    // The password itself is never recorded: only that it changed.
    if (input.admin_password !== undefined)
      await this.audit.record(caller, 'server.password_changed', target, { name: updated.name });
    return updated;
  }

  @Delete(':id')
  @Access({ scope: 'servers:write', role: 'operator' })
  @ApiRoute({ summary: 'Remove a server: polling stops; samples stay until retention', status: 204, errors: [404] })
  async remove(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    const removed = await this.servers.remove(caller.orgId, id);
    await this.audit.record(caller, 'server.deleted', { type: 'server', id }, removed);
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

import { ErrorBody } from '@app/contracts';
import { Body, Controller, Delete, Get, Param, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AuditService } from '../audit/audit.service';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute, openApiSchema } from '../http/api-doc';
import { ApiErrorFilter } from '../http/error.filter';
import { parseInput } from '../http/zod-input';
import { ProbeThrottle } from './probe-throttle';
import { serverView, ServerView } from './server-views';
import { ServersService, type CreateServerHooks, type CreateServerInput } from './servers.service';

const NDJSON = 'application/x-ndjson';

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

const Step = z.object({ step: z.string(), ok: z.boolean(), duration_ms: z.int(), observed: z.string() });
const Diagnostics = z.object({
  ok: z.boolean(),
  steps: z.array(Step),
  game: z.object({ version: z.string(), changelist: z.int(), state: z.string() }).nullable(),
  addon_via: z.string().nullable(),
});
const CreatedServer = ServerView.extend({ diagnostics: Diagnostics });
/** The lines of the live answer of POST /servers (Accept: application/x-ndjson). */
const CreateLine = z.discriminatedUnion('type', [
  Step.extend({ type: z.literal('step') }),
  z.object({ type: z.literal('created'), server: CreatedServer }),
  z.object({ type: z.literal('error'), status: z.int(), error: ErrorBody.shape.error, request_id: z.string() }),
]);
type CreateLine = z.infer<typeof CreateLine>;

/**
 * The live answer of a registration: 200 `application/x-ndjson`, one line per finished diagnostic step, then one
 * `created` or `error` line. Opened only once the probe starts, so earlier errors are still plain HTTP errors.
 * Each line is written (and so sent: no compression, no proxy buffering) as soon as it is known.
 */
class NdjsonAnswer {
  opened = false;

  constructor(private readonly res: Response) {}

  open(): void {
    if (this.opened) return;
    this.opened = true;
    this.res.status(200);
    this.res.setHeader('Content-Type', `${NDJSON}; charset=utf-8`);
    this.res.setHeader('Cache-Control', 'no-store');
    this.res.setHeader('X-Accel-Buffering', 'no');
    this.res.setHeader('Vary', 'Accept');
    this.res.socket?.setNoDelay(true);
    this.res.flushHeaders();
  }

  line(line: CreateLine): void {
    // A client that went away misses the rest; the registration itself goes on, as with a JSON answer.
    if (!this.res.writableEnded && !this.res.destroyed) this.res.write(`${JSON.stringify(line)}\n`);
  }

  end(): void {
    if (!this.res.writableEnded) this.res.end();
  }
}

@ApiTags('servers')
@Controller('api/v1/servers')
export class ServersController {
  /** Renders errors of a streamed answer exactly as the API's exception filter renders them. */
  private readonly errors = new ApiErrorFilter();

  constructor(
    private readonly servers: ServersService,
    private readonly audit: AuditService,
    private readonly throttle: ProbeThrottle,
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
      'failed step, what was observed and the remedy. Live steps: with `Accept: application/x-ndjson` the answer, ' +
      'once the probe starts, is 200 application/x-ndjson with one line per finished step ' +
      '({"type":"step","step","ok","duration_ms","observed"}), then one last line: {"type":"created","server":{the ' +
      '201 body}} or {"type":"error","status","error":{code,message,remedy,details},"request_id"} with the status ' +
      'and error the JSON answer would have. Errors before the probe (validation, authentication, role, plan limit, ' +
      'target, duplicate) are plain HTTP errors in either mode.',
    body: CreateServer,
    response: CreatedServer,
    status: 201,
    errors: [403, 409, 422, 429, 500, 502],
  })
  @ApiResponse({
    status: 200,
    description: 'with Accept: application/x-ndjson: the probe steps live, one JSON object per line',
    content: { [NDJSON]: { schema: openApiSchema(CreateLine) } },
  })
  async create(
    @Caller() caller: Principal,
    @Body() body: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const input = parseInput(CreateServer, body, 'body');
    if (req.accepts(['application/json', NDJSON]) !== NDJSON) {
      res.status(201).json(await this.register(caller, input));
      return;
    }
    const answer = new NdjsonAnswer(res);
    try {
      const created = await this.register(caller, input, {
        onProbeStart: () => answer.open(),
        onStep: (step) => answer.line({ type: 'step', ...step }),
      });
      answer.line({ type: 'created', server: created });
    } catch (error) {
      // Before the probe: a plain HTTP error, from the exception filter.
      if (!answer.opened) throw error;
      const { status, body: rendered } = this.errors.describe(error, req, res);
      answer.line({ type: 'error', status, error: rendered.error, request_id: rendered.request_id });
    }
    answer.end();
  }

  /** Registration and its audit record, for both answers of POST /servers. */
  private async register(caller: Principal, input: CreateServerInput, hooks: CreateServerHooks = {}) {
    const created = await this.servers.create(caller.orgId, input, {
      ...hooks,
      beforeProbe: () => this.throttle.take(caller.userId, caller.orgId),
    });
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
  @Access({ scope: 'servers:write', role: 'operator' })
  @ApiRoute({
    summary:
      'Run the diagnostic steps in order (container reachable, certificate still the one pinned at registration, ' +
      'HealthCheck, PasswordLogin, add-on getPower). Operator or Admin: it probes the server with its admin ' +
      'password. Throttled with registrations per user and organisation (429 with Retry-After)',
    response: Diagnostics,
    errors: [404, 429],
  })
  async diagnose(@Caller() caller: Principal, @Param('id') id: string) {
    await this.servers.find(caller.orgId, id);
    await this.throttle.take(caller.userId, caller.orgId);
    return this.servers.diagnose(caller.orgId, id);
  }
}

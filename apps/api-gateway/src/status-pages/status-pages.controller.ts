import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { INCIDENT_IMPACTS, INCIDENT_STATES } from './status-incidents.repository';
import { StatusIncidentsService } from './status-incidents.service';
import { StatusPagesService } from './status-pages.service';

const Slug = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9-]{1,62}$/,
    'must be 2-63 lowercase letters, digits or dashes, starting with a letter or digit',
  );
const Title = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters');
const ServerIds = z.array(z.string()).max(50, 'at most 50 servers');

const CreateStatusPage = z.strictObject({ slug: Slug, title: Title, server_ids: ServerIds.default([]) });
const UpdateStatusPage = z.strictObject({
  slug: Slug.optional(),
  title: Title.optional(),
  server_ids: ServerIds.optional(),
});
const StatusPageView = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  server_ids: z.array(z.string()),
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});

const Message = z.string().trim().min(1, 'must not be empty').max(5000, 'must be at most 5000 characters');
const CreateIncident = z.strictObject({
  title: Title.optional(),
  impact: z.enum(INCIDENT_IMPACTS).default('minor'),
  state: z.enum(INCIDENT_STATES).default('investigating'),
  message: Message,
  alert_incident_id: z.string().optional(),
});
const AddUpdate = z.strictObject({ state: z.enum(INCIDENT_STATES), message: Message });
const IncidentView = z.object({
  id: z.string(),
  title: z.string(),
  impact: z.enum(INCIDENT_IMPACTS),
  state: z.enum(INCIDENT_STATES),
  alert_incident_id: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  updates: z.array(
    z.object({ id: z.string(), state: z.enum(INCIDENT_STATES), message: z.string(), created_at: z.string() }),
  ),
});

/** Configuring the organisation's public status pages and posting their incidents (Operator; Pro plan and up). */
@ApiTags('status pages')
@Controller('api/v1/status-pages')
export class StatusPagesController {
  constructor(
    private readonly pages: StatusPagesService,
    private readonly incidents: StatusIncidentsService,
  ) {}

  @Get()
  @Access({ role: 'viewer' })
  @ApiRoute({ summary: "The organisation's status pages", response: z.array(StatusPageView) })
  list(@Caller() caller: Principal) {
    return this.pages.list(caller.orgId);
  }

  @Post()
  @Access({ role: 'operator' })
  @ApiRoute({
    summary: 'Publish a status page at /status/{slug} showing the chosen servers (Pro plan and up)',
    body: CreateStatusPage,
    response: StatusPageView,
    status: 201,
    errors: [403, 409],
  })
  create(@Caller() caller: Principal, @Body() body: unknown) {
    return this.pages.create(caller, parseInput(CreateStatusPage, body, 'body'));
  }

  @Get(':id')
  @Access({ role: 'viewer' })
  @ApiRoute({ summary: 'A status page', response: StatusPageView, errors: [404] })
  get(@Caller() caller: Principal, @Param('id') id: string) {
    return this.pages.get(caller.orgId, id);
  }

  @Patch(':id')
  @Access({ role: 'operator' })
  @ApiRoute({
    summary: "Change a status page's slug, title or servers (the old slug stops working at once)",
    body: UpdateStatusPage,
    response: StatusPageView,
    errors: [403, 404, 409],
  })
  update(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.pages.update(caller, id, parseInput(UpdateStatusPage, body, 'body'));
  }

  @Delete(':id')
  @Access({ role: 'operator' })
  @ApiRoute({ summary: 'Delete a status page, its incidents and subscribers', status: 204, errors: [404] })
  async delete(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.pages.delete(caller, id);
  }

  @Get(':id/incidents')
  @Access({ role: 'viewer' })
  @ApiRoute({ summary: "A status page's incidents, newest first", response: z.array(IncidentView), errors: [404] })
  listIncidents(@Caller() caller: Principal, @Param('id') id: string) {
    return this.incidents.list(caller.orgId, id);
  }

  @Post(':id/incidents')
  @Access({ role: 'operator' })
  @ApiRoute({
    summary:
      'Post an incident (by hand, or from an alert incident: its summary is the default title); subscribers are told',
    body: CreateIncident,
    response: IncidentView,
    status: 201,
    errors: [404],
  })
  createIncident(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.incidents.create(caller, id, parseInput(CreateIncident, body, 'body'));
  }

  @Post(':id/incidents/:incidentId/updates')
  @Access({ role: 'operator' })
  @ApiRoute({
    summary: "Add an update to an incident (its state becomes the incident's); subscribers are told",
    body: AddUpdate,
    response: IncidentView,
    status: 201,
    errors: [404],
  })
  addUpdate(
    @Caller() caller: Principal,
    @Param('id') id: string,
    @Param('incidentId') incidentId: string,
    @Body() body: unknown,
  ) {
    return this.incidents.addUpdate(caller, id, incidentId, parseInput(AddUpdate, body, 'body'));
  }
}

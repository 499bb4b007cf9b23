import { Body, Controller, Delete, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { IncidentView } from '../alerts/alerts.schemas';
import { AcknowledgeIncident, AddIncidentNote, IncidentNoteView } from './incident-ack.schemas';
import { IncidentAckService } from './incident-ack.service';

const write = { scope: 'alerts:write', role: 'operator' } as const;

/** "I am on it": acknowledge an incident (repeat notifications stop until it resolves) and note what was done. */
@ApiTags('alerts')
@Controller('api/v1/alerts/incidents/:id')
export class IncidentAckController {
  constructor(private readonly acks: IncidentAckService) {}

  @Post('acknowledge')
  @Access(write)
  @ApiRoute({
    summary:
      'Acknowledge an open incident: records who and when; its repeat notifications stop until it resolves (a re-fire is a new incident). notify_channels: also tell its channels "acknowledged by <name>". Acknowledging again keeps the first; 409 for a resolved incident',
    body: AcknowledgeIncident,
    response: IncidentView,
    errors: [404, 409],
  })
  acknowledge(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.acks.acknowledge(caller, id, parseInput(AcknowledgeIncident, body ?? {}, 'body'));
  }

  @Delete('acknowledge')
  @Access(write)
  @ApiRoute({
    summary: 'Take the acknowledgement of an open incident back: repeat notifications resume; 409 for a resolved one',
    response: IncidentView,
    errors: [404, 409],
  })
  unacknowledge(@Caller() caller: Principal, @Param('id') id: string) {
    return this.acks.unacknowledge(caller, id);
  }

  @Post('notes')
  @Access(write)
  @ApiRoute({
    summary: "Add a note (at most 2000 characters) to the incident's timeline, with you as its author",
    body: AddIncidentNote,
    response: IncidentNoteView,
    status: 201,
    errors: [404],
  })
  addNote(@Caller() caller: Principal, @Param('id') id: string, @Body() body: unknown) {
    return this.acks.addNote(caller, id, parseInput(AddIncidentNote, body, 'body'));
  }
}

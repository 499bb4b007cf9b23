import { Module } from '@nestjs/common';
import { AlertingProvidersModule } from '../alerting.providers';
import { AckLinks } from '../incidents/ack-links';
import { IncidentAckRepository } from '../incidents/incident-ack.repository';
import { IncidentAckService } from '../incidents/incident-ack.service';
import { IncidentNotesRepository } from '../incidents/incident-notes.repository';
import { AlertChannelsRepository } from './alert-channels.repository';
import { AlertChannelsService } from './alert-channels.service';
import { AlertConfigResponder } from './alert-config.responder';
import { AlertRulesRepository } from './alert-rules.repository';
import { AlertRulesService } from './alert-rules.service';
import { ConfigChanges } from './config-changes.publisher';
import { IncidentLogRepository } from './incident-log.repository';
import { IncidentLogService } from './incident-log.service';
import { OrgServersRepository } from './org-servers.repository';
import { SilencesRepository } from './silences.repository';
import { SilencesService } from './silences.service';

/**
 * The alert configuration as users manage it (rules, channels, silences) and read it (incidents, deliveries):
 * alerting owns these tables and answers the api-gateway's requests for them over NATS.
 */
@Module({
  imports: [AlertingProvidersModule],
  providers: [
    AlertRulesRepository,
    AlertChannelsRepository,
    SilencesRepository,
    IncidentLogRepository,
    OrgServersRepository,
    AlertRulesService,
    AlertChannelsService,
    SilencesService,
    IncidentLogService,
    ConfigChanges,
    AlertConfigResponder,
    // issue 24: acknowledgement, notes and acknowledge links (the delivery service puts the links into messages)
    IncidentAckRepository,
    IncidentNotesRepository,
    AckLinks,
    IncidentAckService,
  ],
  exports: [AlertChannelsRepository, AckLinks],
})
export class AlertConfigModule {}

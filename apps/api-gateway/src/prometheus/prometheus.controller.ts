import { Controller, Get, Header } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { EXPOSITION_CONTENT_TYPE } from './exposition';
import { PrometheusService } from './prometheus.service';

@ApiTags('metrics')
@Controller('api/v1/metrics')
export class PrometheusController {
  constructor(private readonly prometheus: PrometheusService) {}

  /** For a Prometheus scrape job: `authorization: {credentials: <API token>}` and this path. */
  @Get('prometheus')
  @Access({ scope: 'metrics:read' })
  @Header('Content-Type', EXPOSITION_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  @ApiProduces(EXPOSITION_CONTENT_TYPE)
  @ApiRoute({
    summary:
      "The organisation's latest game metrics in Prometheus' text format 0.0.4 (health, power per circuit, production per item, generators, extractors, resource sink, session), labelled server_id, server, session, circuit, item, fuel",
    response: z.string().describe('text exposition format 0.0.4'),
  })
  exposition(@Caller() caller: Principal): Promise<string> {
    return this.prometheus.exposition(caller.orgId);
  }
}

import { SERVICE_CONFIG } from '@app/platform';
import { Controller, Get, Inject } from '@nestjs/common';
import { z } from 'zod';
import type { ApiGatewayConfig } from '../app.config';
import { Public } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';

const ClientConfig = z.object({
  /** Base URL of Socket.IO; null means the same origin as this API. */
  realtime_url: z.string().nullable(),
});

/** What the dashboard needs to know before it signs in: where the live updates come from. */
@Controller('api/v1/client-config')
export class ClientConfigController {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: ApiGatewayConfig) {}

  @Get()
  @Public()
  @ApiRoute({
    summary: "The dashboard's settings (where to reach live updates); no sign-in needed",
    response: ClientConfig,
  })
  get(): z.infer<typeof ClientConfig> {
    return { realtime_url: this.config.REALTIME_PUBLIC_URL };
  }
}

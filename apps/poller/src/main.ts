import { bootstrapService } from '@app/platform';
import { PollerConfig } from './app.config';
import { AppModule } from './app.module';

void bootstrapService({ service: 'poller', schema: PollerConfig, module: (config) => AppModule.forRoot(config) });

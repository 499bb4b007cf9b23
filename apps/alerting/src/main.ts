import { bootstrapService } from '@app/platform';
import { AlertingConfig } from './app.config';
import { AppModule } from './app.module';

void bootstrapService({ service: 'alerting', schema: AlertingConfig, module: (config) => AppModule.forRoot(config) });

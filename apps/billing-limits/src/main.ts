import { bootstrapService } from '@app/platform';
import { BillingLimitsConfig } from './app.config';
import { AppModule } from './app.module';

void bootstrapService({
  service: 'billing-limits',
  schema: BillingLimitsConfig,
  module: (config) => AppModule.forRoot(config),
});

import { Module } from '@nestjs/common';
import { SecondFactorGate } from './second-factor.gate';
import { TwoFactorRepository } from './two-factor.repository';

/** The second factors' storage and gate, with no dependency on the auth module (which uses the gate at sign-in). */
@Module({
  providers: [TwoFactorRepository, SecondFactorGate],
  exports: [TwoFactorRepository, SecondFactorGate],
})
export class TwoFactorCoreModule {}

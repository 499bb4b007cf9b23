import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { OrgSecurityService } from './org-security.service';
import { OrgSecurity, OrgSecurityChanges } from './two-factor.schemas';

/** The organisation's security policy. */
@ApiTags('organisation')
@Controller('api/v1/org/security')
export class OrgSecurityController {
  constructor(private readonly security: OrgSecurityService) {}

  @Get()
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'The security policy of the organisation (two factors required)', response: OrgSecurity })
  view(@Caller() caller: Principal) {
    return this.security.view(caller);
  }

  @Patch()
  @Access({ role: 'admin' })
  @ApiRoute({
    summary:
      'Require two factors of every member (Team and Enterprise): a member without one is refused (403 ' +
      'TwoFactorRequired) until they enrol, and an invitation cannot be accepted before',
    body: OrgSecurityChanges,
    response: OrgSecurity,
    errors: [403, 409],
  })
  change(@Caller() caller: Principal, @Body() body: unknown) {
    return this.security.change(caller, parseInput(OrgSecurityChanges, body, 'body').require_two_factor);
  }
}

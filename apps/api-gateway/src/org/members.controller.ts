import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Access, Caller, type Principal } from '../auth/principal';
import { ApiRoute } from '../http/api-doc';
import { parseInput } from '../http/zod-input';
import { InvitationsService } from './invitations.service';
import { MembersService } from './members.service';

const RoleInput = z.enum(['admin', 'operator', 'viewer']);
const Invite = z.strictObject({ email: z.email('must be an e-mail address').max(254), role: RoleInput });
const ChangeRole = z.strictObject({ role: RoleInput });
const Accept = z.strictObject({ token: z.string().startsWith('gsm_i_', 'must be an invitation token (gsm_i_...)') });
const Member = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: RoleInput,
  joined_at: z.string(),
  owner: z.boolean(),
});
const InvitationView = z.object({
  id: z.string(),
  email: z.string(),
  role: RoleInput,
  created_at: z.string(),
  expires_at: z.string(),
});
const Invited = z.object({
  status: z.literal('invited'),
  invitation: InvitationView,
  mail_sent: z.boolean(),
  remedy: z.string(),
});

/**
 * Members of an organisation and their roles (Team and Enterprise plans). Admin: everything; Operator: servers,
 * alerts, share links; Viewer: read only. A change of role or a removal takes effect at once on every replica.
 */
@ApiTags('organisation')
@Controller('api/v1')
export class MembersController {
  constructor(
    private readonly members: MembersService,
    private readonly invitations: InvitationsService,
  ) {}

  @Get('org/members')
  @Access({ role: 'viewer' })
  @ApiRoute({
    summary: 'The members and their roles; admins also see pending invitations',
    response: z.object({ members: z.array(Member), invitations: z.array(InvitationView) }),
  })
  list(@Caller() caller: Principal) {
    return this.members.list(caller);
  }

  @Post('org/members')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary:
      'Invite a person by e-mail with a role: the invitation is mailed (its link valid 7 days), and they join only ' +
      'by accepting it signed in with that address, verified. The answer is the same whether or not the address ' +
      'has an account; re-inviting a pending address replaces its invitation.',
    body: Invite,
    response: Invited,
    status: 201,
    errors: [403, 409],
  })
  invite(@Caller() caller: Principal, @Body() body: unknown) {
    return this.invitations.invite(caller, parseInput(Invite, body, 'body'));
  }

  @Patch('org/members/:userId')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: "Change a member's role (the last admin cannot be demoted)",
    body: ChangeRole,
    errors: [404, 409],
  })
  changeRole(@Caller() caller: Principal, @Param('userId') userId: string, @Body() body: unknown) {
    return this.members.changeRole(caller, userId, parseInput(ChangeRole, body, 'body').role);
  }

  @Delete('org/members/:userId')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary: 'Remove a member: their sessions stop reaching this organisation at once (the last admin stays)',
    status: 204,
    errors: [404, 409],
  })
  async remove(@Caller() caller: Principal, @Param('userId') userId: string): Promise<void> {
    await this.members.remove(caller, userId);
  }

  @Delete('org/invitations/:id')
  @Access({ role: 'admin' })
  @ApiRoute({ summary: 'Withdraw a pending invitation: its link stops working', status: 204, errors: [404] })
  async revokeInvitation(@Caller() caller: Principal, @Param('id') id: string): Promise<void> {
    await this.invitations.revoke(caller, id);
  }

  @Post('org/invitations/:id/resend')
  @Access({ role: 'admin' })
  @ApiRoute({
    summary:
      'Mail a pending invitation again with a new link (the previous one stops working) valid 7 more days; ' +
      'at most once a minute per invitation',
    response: Invited,
    errors: [404, 429],
  })
  resendInvitation(@Caller() caller: Principal, @Param('id') id: string) {
    return this.invitations.resend(caller, id);
  }

  @Post('invitations/accept')
  @Access({})
  @ApiRoute({
    summary:
      'Join the organisation of an invitation, signed in with the invited e-mail address, verified; then act in ' +
      'it with X-Org-Id. 403 names the reason (other_email, email_unverified); 404 an unknown, used, withdrawn ' +
      'or expired invitation.',
    body: Accept,
    response: z.object({ organisation: z.object({ id: z.string(), name: z.string() }), role: RoleInput }),
    errors: [403, 404, 409],
  })
  accept(@Caller() caller: Principal, @Body() body: unknown) {
    return this.invitations.accept(caller, parseInput(Accept, body, 'body').token);
  }
}

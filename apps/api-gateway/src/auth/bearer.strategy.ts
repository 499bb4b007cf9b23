import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-http-bearer';
import { AuthService } from './auth.service';
import type { Principal } from './principal';

/** passport-http-bearer: one strategy for both dashboard sessions and API tokens (told apart by their prefix). */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly auth: AuthService) {
    super({ passReqToCallback: true });
  }

  validate(req: Request, token: string): Promise<Principal> {
    const org = req.headers['x-org-id'];
    return this.auth.authenticate(token, typeof org === 'string' && org !== '' ? org : undefined);
  }
}

import { Global, Module } from '@nestjs/common';
import { AccountMailer } from './account-mailer';

/** The account mails' SMTP path, for every module of the api-gateway. */
@Global()
@Module({ providers: [AccountMailer], exports: [AccountMailer] })
export class MailModule {}

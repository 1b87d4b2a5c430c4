import { Global, Module } from '@nestjs/common';
import { EmailDeliveryService } from './email-delivery.service';
import { MailTransport } from './mail-transport';

@Global()
@Module({ providers: [MailTransport, EmailDeliveryService], exports: [MailTransport, EmailDeliveryService] })
export class MailModule {}

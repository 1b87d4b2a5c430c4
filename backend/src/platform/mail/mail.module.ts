import { MikroOrmModule } from '@mikro-orm/nestjs';
import { EmailDelivery } from './email-delivery.entity';
import { Global, Module } from '@nestjs/common';
import { EmailDeliveryService } from './email-delivery.service';
import { MailTransport } from './mail-transport';

@Global()
@Module({
  imports: [MikroOrmModule.forFeature([EmailDelivery])],
  providers: [MailTransport, EmailDeliveryService],
  exports: [MailTransport, EmailDeliveryService],
})
export class MailModule {}

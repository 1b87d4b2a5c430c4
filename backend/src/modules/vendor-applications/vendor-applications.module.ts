import { MikroOrmModule } from '@mikro-orm/nestjs';
import { VendorApplication } from './vendor-application.entity';
import { Module } from '@nestjs/common';
import { VendorsModule } from '../vendors';
import { NotifyVendorApplicationJob } from './jobs/notify-vendor-application.job';
import { AdminVendorApplicationsController, VendorApplicationsController } from './vendor-applications.controller';
import { VendorApplicationsMailer } from './vendor-applications.mailer';
import { VendorApplicationsService } from './vendor-applications.service';
import { VendorApplicationsPersonalData } from './vendor-applications.personal-data';

/** Businesses applying to become partners, and the administrators' decision on them. */
@Module({
  imports: [MikroOrmModule.forFeature([VendorApplication]), VendorsModule],
  controllers: [VendorApplicationsController, AdminVendorApplicationsController],
  providers: [
    VendorApplicationsPersonalData,
    VendorApplicationsService,
    VendorApplicationsMailer,
    NotifyVendorApplicationJob,
  ],
})
export class VendorApplicationsModule {}

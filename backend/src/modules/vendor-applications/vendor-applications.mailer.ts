import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/config.module';
import { adminNotifyAddress, type AppConfig } from '../../config/environment';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { type EmailDetail, renderBrandEmail } from '../../platform/mail/email-layout';
import { VendorApplicationsService } from './vendor-applications.service';

@Injectable()
export class VendorApplicationsMailer {
  constructor(
    private readonly applications: VendorApplicationsService,
    private readonly emails: EmailDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Tells the administrators once; an application deleted since means nothing to send. */
  async notifyAdmins(applicationId: number): Promise<void> {
    const application = await this.applications.findById(applicationId);
    if (!application) return;
    const to = adminNotifyAddress(this.config);
    const brand = this.config.BRAND_NAME;
    await this.emails.deliverOnce(
      `vendor-application.notify:${application.id}`,
      { kind: 'vendor-application.notify', recipient: to },
      () => {
        const body = renderBrandEmail({
          brand,
          appUrl: this.config.APP_URL,
          preheader: `${application.name} applied to become a partner vendor.`,
          heading: 'New Vendor Application',
          paragraphs: [
            `${application.name} has applied to become a ${brand} partner vendor. The application awaits your review in the Vendors tab of the admin dashboard.`,
            application.description,
          ],
          details: [
            ['Business', application.name],
            ['Contact', [application.contactName, application.contactTitle].filter(Boolean).join(', ')],
            ['Email', application.email],
            ['Phone', application.phone],
            ['Address', `${application.address}, ${application.city}, ${application.state} ${application.zipCode}`],
            ['Categories', application.categories.join(', ')],
            ...(application.website
              ? ([
                  ['Website', { text: `Visit ${application.name}'s website`, url: application.website }],
                ] as EmailDetail[])
              : []),
          ],
          action: { label: 'Review Application', url: `${this.config.APP_URL.replace(/\/$/, '')}/admin` },
          signOff: `${brand} Partnerships`,
        });
        return { to, subject: `New vendor application: ${application.name}`, ...body };
      },
    );
  }
}

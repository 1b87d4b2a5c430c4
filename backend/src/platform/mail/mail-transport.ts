import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Mail.Attachment[];
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, added by EmailDeliveryService for mail with a category). */
  headers?: Record<string, string>;
}

/** Sends through SMTP_URL with nodemailer (infra/start.mjs points it at a local mail catcher by default). */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly logger = new Logger(MailTransport.name);
  private transporter?: Transporter;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private get transport(): Transporter {
    if (!this.config.SMTP_URL) {
      throw new Error('SMTP_URL is not set: no mail server to send through');
    }
    this.transporter ??= nodemailer.createTransport(this.config.SMTP_URL, {
      // A local catcher speaks plain SMTP; a real relay given as smtps:// still uses TLS.
      ignoreTLS:
        this.config.SMTP_URL.startsWith('smtp://') && /@?(127\.0\.0\.1|localhost)[:/]/.test(this.config.SMTP_URL),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return this.transporter;
  }

  /** Resolves with the message id once the SMTP server has accepted the message. */
  async send(email: OutgoingEmail): Promise<string> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...email });
    if (info.rejected?.length) {
      throw new Error(`SMTP server rejected ${info.rejected.join(', ')}`);
    }
    this.logger.log(`Sent "${email.subject}" to ${email.to}`);
    return info.messageId;
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}

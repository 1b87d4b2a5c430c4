import { normalizeWebsite } from '@maison/shared';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AuditService } from '../audit';
import { EmailDeliveryService } from '../../platform/mail/email-delivery.service';
import { pageOf, type PageQueryDto } from '../../common/page-query.dto';
import {
  APPLICATION_CATEGORY_TO_TAXONOMY,
  type ApplicationCategory,
  VendorsService,
  type VendorView,
} from '../vendors';
import { DecideApplicationDto } from './dto/decide-application.dto';
import { SubmitApplicationDto } from './dto/submit-application.dto';
import { applicationView, VendorApplication, type ApplicationView } from './vendor-application.entity';

@Injectable()
export class VendorApplicationsService {
  constructor(
    private readonly em: EntityManager,
    private readonly vendors: VendorsService,
    private readonly emails: EmailDeliveryService,
    private readonly audit: AuditService,
  ) {}

  /** Stores the application and, in the same transaction, queues the administrators' notification. */
  async submit(input: SubmitApplicationDto, notifyAddress: string): Promise<ApplicationView> {
    const application = await this.em.fork().transactional(async (em) => {
      const row = em.create(VendorApplication, {
        name: input.name,
        contactName: input.contactName,
        contactTitle: input.contactTitle || null,
        email: input.email.toLowerCase(),
        phone: input.phone,
        description: input.description,
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        website: normalizeWebsite(input.website),
        categories: [...new Set(input.categories)],
        placeId: input.placeId || null,
        lat: input.location?.lat ?? null,
        lng: input.location?.lng ?? null,
        additionalInfo: input.additionalInfo || null,
      });
      await em.flush();
      const key = `vendor-application.notify:${row.id}`;
      await this.emails.queue(
        em,
        { key, kind: 'vendor-application.notify', recipient: notifyAddress },
        'vendor-application.notify',
        { applicationId: row.id },
      );
      return row;
    });
    return applicationView(application);
  }

  async list(query: PageQueryDto): Promise<{ data: ApplicationView[]; total: number }> {
    const { limit, offset } = pageOf(query);
    const [rows, total] = await this.em
      .fork()
      .findAndCount(VendorApplication, {}, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset });
    return { data: rows.map(applicationView), total };
  }

  async findById(id: number): Promise<VendorApplication | null> {
    return this.em.fork().findOne(VendorApplication, { id });
  }

  /**
   * Approves or rejects a pending application. The row is locked for the decision, so two
   * approvals at once file one vendor; the vendor is created in the same transaction. A decided
   * application cannot be decided again (409).
   */
  async decide(
    id: number,
    input: DecideApplicationDto,
  ): Promise<{ application: ApplicationView; vendor: VendorView | null }> {
    return this.em.fork().transactional(async (em) => {
      const application = await em.findOne(VendorApplication, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!application) throw AppError.notFound('Application not found');
      if (application.status !== 'pending') {
        throw AppError.conflict(`This application has already been ${application.status}`);
      }
      application.status = input.status;
      application.adminNotes = input.adminNotes || null;
      application.decidedAt = new Date();
      let vendor: VendorView | null = null;
      if (input.status === 'approved') {
        const first = application.categories[0] as ApplicationCategory;
        const filed = APPLICATION_CATEGORY_TO_TAXONOMY[first] ?? { category: 'other', subcategory: 'custom' };
        const created = await this.vendors.createIn(em, {
          name: application.name,
          category: filed.category,
          subcategory: filed.subcategory,
          description: application.description,
          address: application.address,
          city: application.city,
          state: application.state,
          zipCode: application.zipCode,
          googlePlaceId: application.placeId ?? null,
          website: application.website ?? null,
          contactName: application.contactName,
          contactEmail: application.email,
          contactPhone: application.phone,
          notes: application.additionalInfo ?? null,
          lat: application.lat ?? null,
          lng: application.lng ?? null,
          status: 'active',
          onboardingStep: 3,
        });
        application.vendorId = created.id;
        vendor = created;
      }
      await em.flush();
      await this.audit.record(em, {
        action: input.status === 'approved' ? 'application.approve' : 'application.reject',
        target: { type: 'vendor-application', id: String(id) },
        changes: { status: ['pending', input.status], ...(vendor ? { vendorId: [null, vendor.id] } : {}) },
      });
      return { application: applicationView(application), vendor };
    });
  }
}

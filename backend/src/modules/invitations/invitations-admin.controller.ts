import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { StaffOnly } from '../admin';
import { idParam } from '../../common/id-param';
import { PageQueryDto } from '../../common/page-query.dto';
import { EventsService } from '../events';
import { CreateInvitationDto } from './dto/create-invitation.dto';
import { InviteFromWaitlistDto } from './dto/invite-from-waitlist.dto';
import { InvitationsService } from './invitations.service';
import { RsvpsService } from './rsvps.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, page, t } from '../../common/api-schema';
import { BATCH_PROGRESS, INVITATION_ROW, RSVP_ADMIN_ROW, WAITLIST_INVITE_RESULT } from './dto/invitation.schemas';
import { UUID } from '../../common/uuid';

@ApiTags('admin: launch party')
@Controller('admin')
@StaffOnly('invitations')
export class InvitationsAdminController {
  constructor(
    private readonly invitations: InvitationsService,
    private readonly rsvps: RsvpsService,
    private readonly events: EventsService,
  ) {}

  private async eventId(id: string): Promise<number> {
    const eventId = idParam(id, 'Event');
    if (!(await this.events.findById(eventId))) throw AppError.notFound('Event not found');
    return eventId;
  }

  @Get('invitations')
  @ApiOperation({ summary: 'A page of invitations' })
  @ApiAnswer(page(INVITATION_ROW))
  list(@Query() query: PageQueryDto) {
    return this.invitations.list(query);
  }

  @Get('events/:id/invitations')
  @ApiOperation({ summary: 'A page of an event’s invitations' })
  @ApiAnswer(page(INVITATION_ROW))
  @ApiErrors(404)
  async listForEvent(@Param('id') id: string, @Query() query: PageQueryDto) {
    return this.invitations.list({ ...query, eventId: await this.eventId(id) });
  }

  @Post('invitations')
  @ApiOperation({ summary: 'Creates an invitation (not sent yet)' })
  @ApiAnswer(dataOnly(INVITATION_ROW), { status: 201, description: 'Created' })
  @ApiErrors(404, 409)
  async create(@Body() body: CreateInvitationDto) {
    return { data: await this.invitations.create(body) };
  }

  /**
   * 'Invite to event' from the Waitlist tab: the chosen rows, or every row matching the search and
   * filters. Answers how many were invited, which already were, and the batch to follow.
   */
  @Post('invitations/from-waitlist')
  @ApiOperation({ summary: 'Invites chosen waitlist entries, or every entry matching the search and filters' })
  @ApiAnswer(dataOnly(WAITLIST_INVITE_RESULT), { status: 201, description: 'Created' })
  @ApiErrors(400, 404)
  async fromWaitlist(@Body() body: InviteFromWaitlistDto) {
    const chosen = body.ids && body.ids.length > 0;
    if (!chosen && body.allMatching !== true) {
      throw AppError.badRequest('Choose the waitlist entries to invite, or every entry matching the filter');
    }
    const data = await this.invitations.inviteFromWaitlist({
      eventId: body.eventId,
      maxGuests: body.maxGuests ?? 1,
      note: body.note ?? null,
      filter: {
        ids: chosen ? body.ids : undefined,
        q: body.q,
        source: body.source,
        utmCampaign: body.utmCampaign,
        signedUpFrom: body.signedUpFrom,
        signedUpTo: body.signedUpTo,
        confirmed: body.confirmed,
        nominatedBy: body.nominatedBy,
      },
    });
    return { data };
  }

  @Post('invitations/:id/send')
  @ApiOperation({ summary: 'Queues the invitation’s email' })
  @ApiAnswer(dataOnly(INVITATION_ROW), { status: 201, description: 'Queued' })
  @ApiErrors(404, 409)
  async send(@Param('id') id: string) {
    return { data: await this.invitations.send(idParam(id, 'Invitation')) };
  }

  @Delete('invitations/:id')
  @ApiOperation({ summary: 'Deletes an invitation' })
  @ApiAnswer(dataOnly(t.object({ id: t.integer() })))
  @ApiErrors(404, 409)
  async remove(@Param('id') id: string) {
    const invitationId = idParam(id, 'Invitation');
    await this.invitations.delete(invitationId);
    return { data: { id: invitationId } };
  }

  /** Beyond the spec: queue every pending invitation of the event; follow it with invitation-batches/{id}. */
  @Post('events/:id/invitations/send-pending')
  @ApiOperation({ summary: 'Queues every pending invitation of the event' })
  @ApiAnswer(dataOnly(BATCH_PROGRESS), { status: 201, description: 'Queued' })
  @ApiErrors(404)
  async sendPending(@Param('id') id: string) {
    return { data: await this.invitations.sendPending(idParam(id, 'Event')) };
  }

  @Get('invitation-batches/:id')
  @ApiOperation({ summary: 'How far a batch of sends has got' })
  @ApiAnswer(dataOnly(BATCH_PROGRESS))
  @ApiErrors(404)
  async batch(@Param('id') id: string) {
    if (!UUID.test(id)) throw AppError.notFound('Batch not found');
    return { data: await this.invitations.batchProgress(id) };
  }

  @Get('rsvps')
  @StaffOnly('rsvps')
  @ApiOperation({ summary: 'A page of RSVPs' })
  @ApiAnswer(page(RSVP_ADMIN_ROW))
  listRsvps(@Query() query: PageQueryDto) {
    return this.rsvps.list(query);
  }

  @Get('events/:id/rsvps')
  @StaffOnly('rsvps')
  @ApiOperation({ summary: 'A page of an event’s RSVPs' })
  @ApiAnswer(page(RSVP_ADMIN_ROW))
  @ApiErrors(404)
  async listRsvpsForEvent(@Param('id') id: string, @Query() query: PageQueryDto) {
    return this.rsvps.list({ ...query, eventId: await this.eventId(id) });
  }
}

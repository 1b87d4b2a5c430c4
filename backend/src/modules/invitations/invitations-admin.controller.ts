import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AdminOnly } from '../admin/admin-only.decorator';
import { idParam } from '../events/dto/id-param';
import { PageQueryDto } from '../../common/page-query.dto';
import { EventsService } from '../events/events.service';
import { CreateInvitationDto } from './dto/create-invitation.dto';
import { InvitationsService } from './invitations.service';
import { RsvpsService } from './rsvps.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, page, t } from '../../common/api-schema';
import { BATCH_PROGRESS, INVITATION_ROW, RSVP_ADMIN_ROW } from './dto/invitation.schemas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@ApiTags('admin: launch party')
@Controller('admin')
@AdminOnly()
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
  @ApiOperation({ summary: 'A page of RSVPs' })
  @ApiAnswer(page(RSVP_ADMIN_ROW))
  listRsvps(@Query() query: PageQueryDto) {
    return this.rsvps.list(query);
  }

  @Get('events/:id/rsvps')
  @ApiOperation({ summary: 'A page of an event’s RSVPs' })
  @ApiAnswer(page(RSVP_ADMIN_ROW))
  @ApiErrors(404)
  async listRsvpsForEvent(@Param('id') id: string, @Query() query: PageQueryDto) {
    return this.rsvps.list({ ...query, eventId: await this.eventId(id) });
  }
}

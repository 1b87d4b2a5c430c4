import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { StaffOnly } from '../admin';
import { idParam } from '../../common/id-param';
import { EventsService } from '../events';
import { CheckInService } from './check-in.service';
import { CheckInDto, DoorSearchQuery, SetArrivedDto } from './dto/check-in.dto';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, t } from '../../common/api-schema';
import { CHECK_IN_OUTCOME, DOOR_COUNTS, DOOR_PARTY } from './dto/invitation.schemas';
import { UUID } from '../../common/uuid';

/** The door of one event: staff with admin credentials scan passes or search names, and check parties in. */
@ApiTags('admin: the door')
@Controller('admin/events/:id/check-in')
@StaffOnly('check-in')
export class CheckInController {
  constructor(
    private readonly door: CheckInService,
    private readonly events: EventsService,
  ) {}

  private async eventId(id: string): Promise<number> {
    const eventId = idParam(id, 'Event');
    if (!(await this.events.findById(eventId))) throw AppError.notFound('Event not found');
    return eventId;
  }

  /** Arrived against expected (the screen polls it). */
  @Get()
  @ApiOperation({ summary: 'Guests and parties arrived against expected' })
  @ApiAnswer(dataOnly(DOOR_COUNTS))
  @ApiErrors(404)
  async counts(@Param('id') id: string) {
    return { data: await this.door.counts(await this.eventId(id)) };
  }

  @Get('guests')
  @ApiOperation({ summary: 'Attending parties whose name or guest names contain the text (25 at most)' })
  @ApiAnswer(dataOnly(t.array(DOOR_PARTY)))
  @ApiErrors(400, 404)
  async search(@Param('id') id: string, @Query() query: DoorSearchQuery) {
    const eventId = await this.eventId(id);
    return { data: query.q ? await this.door.search(eventId, query.q) : [] };
  }

  /** What a scanned pass names, without checking anyone in. */
  @Post('lookup')
  @HttpCode(200)
  @ApiOperation({ summary: 'The party a scanned pass names, without checking it in' })
  @ApiAnswer(dataOnly(DOOR_PARTY))
  @ApiErrors(400, 404)
  async lookup(@Param('id') id: string, @Body() body: CheckInDto) {
    return { data: await this.door.lookup(await this.eventId(id), body) };
  }

  /** Checks the party in (all of it unless `guests` says fewer); a second time changes nothing. */
  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks a party in, by pass or RSVP; a second time changes nothing' })
  @ApiAnswer(dataOnly(CHECK_IN_OUTCOME))
  @ApiErrors(400, 404)
  async checkIn(@Param('id') id: string, @Body() body: CheckInDto) {
    return { data: await this.door.checkIn(await this.eventId(id), body) };
  }

  /** The rest of a party that arrived in parts. */
  @Patch(':rsvpId')
  @ApiOperation({ summary: 'How many of a checked-in party have arrived' })
  @ApiAnswer(dataOnly(DOOR_PARTY))
  @ApiErrors(400, 404, 409)
  async setArrived(@Param('id') id: string, @Param('rsvpId') rsvpId: string, @Body() body: SetArrivedDto) {
    if (!UUID.test(rsvpId)) throw AppError.notFound('Guest not found');
    return { data: await this.door.setArrived(await this.eventId(id), rsvpId, body.arrived) };
  }
}

import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError } from '../../common/app-error';
import { ApiAnswer, ApiErrors, dataOnly, t } from '../../common/api-schema';
import { UUID } from '../../common/uuid';
import { type AdminRequest, StaffOnly } from '../admin';
import { BookingsService } from './bookings.service';
import { BOOKING_VIEW } from './dto/bookings.schemas';

function requestId(value: string): string {
  if (!UUID.test(value)) throw AppError.notFound('Request not found');
  return value;
}

/** The payment on a request, for the desk: seen, a held amount confirmed or released, a booking cancelled. */
@StaffOnly('requests')
@ApiTags('admin')
@Controller('admin/user-requests/:id/bookings')
@ApiErrors(404)
export class AdminBookingsController {
  constructor(private readonly bookings: BookingsService) {}

  @Get()
  @ApiOperation({ summary: 'The request’s booking payments, newest first' })
  @ApiAnswer(dataOnly(t.array(BOOKING_VIEW)))
  async list(@Param('id') id: string) {
    return { data: await this.bookings.forRequest(requestId(id)) };
  }

  @Post('capture')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The supplier confirmed: the held amount is taken (the request confirms on the provider’s event)',
  })
  @ApiAnswer(dataOnly(t.array(BOOKING_VIEW)))
  @ApiErrors(409)
  async capture(@Param('id') id: string) {
    return { data: await this.bookings.captureHeld(requestId(id)) };
  }

  @Post('release')
  @HttpCode(200)
  @ApiOperation({ summary: 'The supplier declined: the hold on the member’s card is released' })
  @ApiAnswer(dataOnly(t.array(BOOKING_VIEW)))
  @ApiErrors(409)
  async release(@Param('id') id: string) {
    return { data: await this.bookings.releaseHeld(requestId(id)) };
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancels the booked request: a hold is released, a payment refunded by the option’s terms',
  })
  @ApiAnswer(dataOnly(t.array(BOOKING_VIEW)))
  @ApiErrors(409)
  async cancel(@Param('id') id: string, @Req() request: AdminRequest) {
    return { data: await this.bookings.cancelBooking(requestId(id), request.admin!.displayName) };
  }
}

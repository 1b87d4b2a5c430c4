import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBasicAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, page, t } from '../../common/api-schema';
import { AppError } from '../../common/app-error';
import { UUID } from '../../common/uuid';
import { StaffOnly, type AdminRequest } from '../admin';
import { DataRequestsService, type DataRequestView } from './data-requests.service';
import {
  DataRequestQueueDto,
  RefuseDataRequestDto,
  ReplayErasuresDto,
  StaffDataRequestDto,
} from './dto/data-request.dto';
import { DATA_REQUEST } from './dto/data-requests.schemas';

function requestId(value: string): string {
  if (!UUID.test(value)) throw AppError.notFound('No data request has this id.');
  return value;
}

/** The staff's queue of data requests, with the 30-day clock: the owner role only (right 'privacy'). */
@ApiTags('admin')
@ApiBasicAuth('admin')
@Controller('admin/data-requests')
@StaffOnly('privacy')
@ApiErrors(401, 403)
export class DataRequestsAdminController {
  constructor(private readonly requests: DataRequestsService) {}

  @Get()
  @ApiOperation({ summary: 'The queue: open requests soonest due first (or all), each with its days left' })
  @ApiAnswer(page(DATA_REQUEST))
  @ApiErrors(400)
  list(@Query() query: DataRequestQueueDto): Promise<{ data: DataRequestView[]; total: number }> {
    return this.requests.queue({
      status: query.status ?? 'open',
      page: query.page ?? 1,
      pageSize: query.pageSize ?? 25,
    });
  }

  @Post()
  @ApiOperation({
    summary: 'Starts a request for a person by their address: an erasure is carried out at once, an export emailed',
  })
  @ApiAnswer(dataOnly(DATA_REQUEST), { status: 201, description: 'Created' })
  @ApiErrors(400, 404)
  async start(@Req() request: AdminRequest, @Body() body: StaffDataRequestDto): Promise<{ data: DataRequestView }> {
    return { data: await this.requests.startByStaff(request.admin!, body) };
  }

  @Get('erased-keys')
  @ApiOperation({
    summary:
      'The subject keys of every completed erasure (no personal data): keep them aside before restoring a backup',
  })
  @ApiAnswer(dataOnly(t.array(t.string({ pattern: '^[0-9a-f]{64}$' }))))
  async erasedKeys(): Promise<{ data: string[] }> {
    return { data: await this.requests.erasedKeys() };
  }

  @Post('replay')
  @HttpCode(200)
  @ApiOperation({
    summary: 'After a restore: erases again everyone a completed erasure names (the restored ones and the keys given)',
  })
  @ApiAnswer(dataOnly(t.array(DATA_REQUEST)))
  @ApiErrors(400)
  async replay(@Req() request: AdminRequest, @Body() body: ReplayErasuresDto): Promise<{ data: DataRequestView[] }> {
    return { data: await this.requests.replayErasures(request.admin!, body.subjectKeys ?? []) };
  }

  @Post(':id/complete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Carries out an open request: erases now, or builds and emails the export' })
  @ApiAnswer(dataOnly(DATA_REQUEST))
  @ApiErrors(404, 409)
  async complete(@Param('id') id: string): Promise<{ data: DataRequestView }> {
    return { data: await this.requests.complete(requestId(id)) };
  }

  @Post(':id/refuse')
  @HttpCode(200)
  @ApiOperation({ summary: 'Refuses an open request, saying why' })
  @ApiAnswer(dataOnly(DATA_REQUEST))
  @ApiErrors(400, 404, 409)
  async refuse(@Param('id') id: string, @Body() body: RefuseDataRequestDto): Promise<{ data: DataRequestView }> {
    return { data: await this.requests.refuse(requestId(id), body.note) };
  }
}

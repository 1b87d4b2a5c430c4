import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiAnswer, ApiErrors, ApiRawAnswer, SUCCESS_ONLY, successData } from '../../common/api-schema';
import { PublicWrite } from '../../common/public-write.decorator';
import { DataRequestsService, type DataRequestView } from './data-requests.service';
import { LinkRequestDto, YourDataEmailDto } from './dto/data-request.dto';
import { DATA_DOWNLOAD, DATA_LINK, DATA_REQUEST } from './dto/data-requests.schemas';

/**
 * 'Your data' for anyone, by email: no session. The form's answer is the same whether or not the
 * club holds anything about the address; the emailed link is the proof of the address.
 */
@ApiTags('data-requests')
@Controller('data-requests')
export class DataRequestsController {
  constructor(private readonly requests: DataRequestsService) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Emails a link to see, export or erase one’s data, if the club holds anything about the address',
    description: 'Answers the same either way, so nobody learns from it who is known here.',
  })
  @ApiAnswer(SUCCESS_ONLY)
  @ApiErrors(400, 429, 503)
  @PublicWrite('data-requests', { perMinute: 5 })
  async emailLink(@Body() body: YourDataEmailDto): Promise<{ success: true }> {
    await this.requests.emailLink(body.email);
    return { success: true };
  }

  @Get('link/:token')
  @ApiOperation({ summary: 'What an emailed link names (the address) and until when it works' })
  @ApiAnswer(successData(DATA_LINK))
  @ApiErrors(400, 410)
  readLink(@Param('token') token: string): { success: true; data: { email: string; expiresAt: string } } {
    const link = this.requests.readLink(token);
    return { success: true, data: { email: link.email, expiresAt: link.expiresAt.toISOString() } };
  }

  @Post('link')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Through the emailed link: asks for a copy of one’s data (built and emailed) or its erasure',
    description: 'An erasure is carried out by the club within 30 days; a second open request answers the first.',
  })
  @ApiAnswer(successData(DATA_REQUEST))
  @ApiErrors(400, 410, 429, 503)
  @PublicWrite('data-requests-link', { perMinute: 10 })
  async request(@Body() body: LinkRequestDto): Promise<{ success: true; data: DataRequestView }> {
    return { success: true, data: await this.requests.requestByLink(body.token, body.kind) };
  }

  @Get('download/:token/status')
  @ApiOperation({ summary: 'Whether an export’s download link still works (the download page asks first)' })
  @ApiAnswer(successData(DATA_DOWNLOAD))
  @ApiErrors(404, 410)
  async downloadStatus(
    @Param('token') token: string,
  ): Promise<{ success: true; data: { fileName: string; expiresAt: string } }> {
    const state = await this.requests.downloadState(token);
    return { success: true, data: { fileName: state.fileName, expiresAt: state.expiresAt.toISOString() } };
  }

  @Get('download/:token')
  @ApiOperation({ summary: 'Downloads an export’s zip while its link lives (24 hours); 410 after' })
  @ApiRawAnswer('application/zip', 'The export: README.txt and one JSON file per part of the club')
  @ApiErrors(404, 410)
  async download(@Param('token') token: string, @Res() response: Response): Promise<void> {
    const file = await this.requests.download(token);
    response.status(200);
    response.setHeader('Content-Type', 'application/zip');
    response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    response.setHeader('Content-Length', String(file.body.length));
    response.setHeader('Cache-Control', 'no-store');
    response.end(file.body);
  }
}

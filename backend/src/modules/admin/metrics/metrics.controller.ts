import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { MetricsRegistry } from '../../../platform/metrics/metrics-registry';
import { MetricsGuard } from './metrics-access';
import { ApiBasicAuth, ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, ApiRawAnswer } from '../../../common/api-schema';

/** GET /metrics (outside /api, see http-app.ts): the api's metrics in Prometheus text format. */
@ApiTags('operations')
@ApiBasicAuth('admin')
@ApiBearerAuth('metrics')
@Controller('metrics')
@UseGuards(MetricsGuard)
export class MetricsController {
  constructor(private readonly registry: MetricsRegistry) {}

  @Get()
  @ApiOperation({
    summary: 'The api’s metrics, in Prometheus text format (an owner’s credentials or METRICS_TOKEN)',
  })
  @ApiRawAnswer('text/plain', 'Prometheus exposition format')
  @ApiErrors(401, 403)
  async metrics(@Res() response: Response): Promise<void> {
    const text = await this.registry.metrics();
    response.setHeader('Cache-Control', 'no-store');
    response.type(this.registry.contentType).send(text);
  }
}

import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { MetricsRegistry } from '../../../platform/metrics/metrics-registry';
import { MetricsGuard } from './metrics-access';

/** GET /metrics (outside /api, see http-app.ts): the api's metrics in Prometheus text format. */
@Controller('metrics')
@UseGuards(MetricsGuard)
export class MetricsController {
  constructor(private readonly registry: MetricsRegistry) {}

  @Get()
  async metrics(@Res() response: Response): Promise<void> {
    const text = await this.registry.metrics();
    response.setHeader('Cache-Control', 'no-store');
    response.type(this.registry.contentType).send(text);
  }
}

import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error';
import { clientIp } from '../../common/client-ip';
import { RateLimitService } from '../../common/rate-limit.service';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/environment';
import { GenerateImageDto } from './dto/generate-image.dto';
import { ImagesService } from './images.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, ApiRawAnswer, successData, t } from '../../common/api-schema';

const TOO_MANY = 'Too many image requests. Please wait a minute and try again.';

@ApiTags('concierge')
@Controller()
export class ImagesController {
  constructor(
    private readonly images: ImagesService,
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The session chat's illustration for a reply's topic (spec, section 7), rate limited per address and session. */
  @Post('generate-image')
  @ApiOperation({ summary: 'An illustration for a reply’s topic' })
  @ApiAnswer(successData(t.object({ imageUrl: t.string() })))
  @ApiErrors(429, 503)
  @HttpCode(200)
  async generate(
    @Body() body: GenerateImageDto,
    @Req() request: Request,
  ): Promise<{ success: true; data: { imageUrl: string } }> {
    const rule = { limit: this.config.RATE_LIMIT_IMAGES_PER_MINUTE, windowSeconds: 60, message: TOO_MANY };
    await this.limits.consume({ name: 'generate-image:ip', ...rule }, clientIp(request));
    if (body.sessionId) await this.limits.consume({ name: 'generate-image:session', ...rule }, body.sessionId);
    return { success: true, data: { imageUrl: await this.images.imageUrl(body) } };
  }

  /** Generated pictures, from our own origin; a file's name is its content's key, so it never changes. */
  @Get('images/:file')
  @ApiOperation({ summary: 'A generated picture (SVG or PNG), cached for a year' })
  @ApiRawAnswer('image/*', 'The picture')
  @ApiErrors(404)
  async file(@Param('file') name: string, @Res() response: Response): Promise<void> {
    const file = await this.images.file(name);
    if (!file) throw AppError.notFound('Image not found.');
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // An SVG opened on its own is a document: it may draw, never run anything.
    response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.end(file.body);
  }
}

import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseIntPipe,
  Patch,
  Post,
  Query,
  UseInterceptors,
} from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { PublicWrite } from '../../common/public-write.decorator';
import { APP_CONFIG } from '../../config/config.module';
import { adminNotifyAddress, type AppConfig } from '../../config/environment';
import { StaffOnly } from '../admin';
import { PageQueryDto } from '../../common/page-query.dto';
import type { VendorView } from '../vendors';
import { DecideApplicationDto } from './dto/decide-application.dto';
import { SubmitApplicationDto } from './dto/submit-application.dto';
import { HoneypotInterceptor } from './honeypot.interceptor';
import type { ApplicationView } from './vendor-application.entity';
import { VendorApplicationsService } from './vendor-applications.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, SUCCESS_ONLY, dataOnly, page } from '../../common/api-schema';
import { APPLICATION_VIEW, DECIDED_APPLICATION } from './dto/application.schemas';

const applicationId = new ParseIntPipe({ exceptionFactory: () => AppError.notFound('Application not found') });

/** The public form's submission. */
@ApiTags('vendors')
@Controller('vendor-applications')
export class VendorApplicationsController {
  constructor(
    private readonly applications: VendorApplicationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @ApiOperation({ summary: 'The public vendor application form (spec, section 5)' })
  @ApiAnswer(SUCCESS_ONLY, { status: 201, description: 'Received' })
  @HttpCode(201)
  @PublicWrite('vendor-applications')
  @UseInterceptors(HoneypotInterceptor)
  async submit(@Body() body: SubmitApplicationDto): Promise<{ success: true }> {
    await this.applications.submit(body, adminNotifyAddress(this.config));
    return { success: true };
  }
}

@StaffOnly('applications')
@ApiTags('admin: vendors')
@Controller('admin/vendor-applications')
export class AdminVendorApplicationsController {
  constructor(private readonly applications: VendorApplicationsService) {}

  @Get()
  @ApiOperation({ summary: 'A page of vendor applications' })
  @ApiAnswer(page(APPLICATION_VIEW))
  list(@Query() query: PageQueryDto): Promise<{ data: ApplicationView[]; total: number }> {
    return this.applications.list(query);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Approves (creating the vendor) or rejects an application' })
  @ApiAnswer(dataOnly(DECIDED_APPLICATION))
  @ApiErrors(404, 409)
  async decide(
    @Param('id', applicationId) id: number,
    @Body() body: DecideApplicationDto,
  ): Promise<{ data: ApplicationView & { vendor: VendorView | null } }> {
    if (id < 1 || id > 2_147_483_647) throw AppError.notFound('Application not found');
    const { application, vendor } = await this.applications.decide(id, body);
    return { data: { ...application, vendor } };
  }
}

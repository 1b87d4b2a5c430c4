import { Body, Controller, Get, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { StaffOnly } from '../admin';
import { PageQueryDto } from '../../common/page-query.dto';
import { CreateVendorDto, UpdateVendorDto } from './dto/vendor-fields.dto';
import type { VendorView } from './vendor.entity';
import { VendorsService } from './vendors.service';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAnswer, ApiErrors, dataOnly, page } from '../../common/api-schema';
import { VENDOR_VIEW } from './vendor.schemas';

const vendorId = new ParseIntPipe({ exceptionFactory: () => AppError.notFound('Vendor not found') });

@StaffOnly('vendors')
@ApiTags('admin: vendors')
@Controller('admin/vendors')
export class VendorsController {
  constructor(private readonly vendors: VendorsService) {}

  @Get()
  @ApiOperation({ summary: 'A page of vendors' })
  @ApiAnswer(page(VENDOR_VIEW))
  list(@Query() query: PageQueryDto): Promise<{ data: VendorView[]; total: number }> {
    return this.vendors.list(query);
  }

  @Post()
  @ApiOperation({ summary: 'Creates a vendor' })
  @ApiAnswer(dataOnly(VENDOR_VIEW), { status: 201, description: 'Created' })
  async create(@Body() body: CreateVendorDto): Promise<{ data: VendorView }> {
    return { data: await this.vendors.create(body) };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Changes a vendor (only the fields sent)' })
  @ApiAnswer(dataOnly(VENDOR_VIEW))
  @ApiErrors(404)
  async update(@Param('id', vendorId) id: number, @Body() body: UpdateVendorDto): Promise<{ data: VendorView }> {
    if (id < 1 || id > 2_147_483_647) throw AppError.notFound('Vendor not found');
    return { data: await this.vendors.update(id, body) };
  }
}

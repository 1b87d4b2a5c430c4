import { Body, Controller, Get, Param, ParseIntPipe, Patch, Post, Query } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { AdminOnly } from '../admin/admin-only.decorator';
import { PageQueryDto } from '../../common/page-query.dto';
import { CreateVendorDto, UpdateVendorDto } from './dto/vendor-fields.dto';
import type { VendorView } from './vendor.entity';
import { VendorsService } from './vendors.service';

const vendorId = new ParseIntPipe({ exceptionFactory: () => AppError.notFound('Vendor not found') });

@AdminOnly()
@Controller('admin/vendors')
export class VendorsController {
  constructor(private readonly vendors: VendorsService) {}

  @Get()
  list(@Query() query: PageQueryDto): Promise<{ data: VendorView[]; total: number }> {
    return this.vendors.list(query);
  }

  @Post()
  async create(@Body() body: CreateVendorDto): Promise<{ data: VendorView }> {
    return { data: await this.vendors.create(body) };
  }

  @Patch(':id')
  async update(@Param('id', vendorId) id: number, @Body() body: UpdateVendorDto): Promise<{ data: VendorView }> {
    if (id < 1 || id > 2_147_483_647) throw AppError.notFound('Vendor not found');
    return { data: await this.vendors.update(id, body) };
  }
}

import { Injectable } from '@nestjs/common';
import type { DirectoryPlace, PlaceDirectory } from '../../platform/places/local-places.provider';
import { VendorsService } from './vendors.service';

/** Lets the offline places search find our own vendors ('vendor:<id>' places). */
@Injectable()
export class VendorPlaceDirectory implements PlaceDirectory {
  constructor(private readonly vendors: VendorsService) {}

  search(text: string): Promise<DirectoryPlace[]> {
    return this.vendors.searchDirectory(text);
  }

  async find(id: number): Promise<DirectoryPlace | null> {
    const vendor = await this.vendors.findView(id);
    return vendor && vendor.status !== 'inactive' ? vendor : null;
  }
}

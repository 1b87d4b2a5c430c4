import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest, useAdminQuery } from '../../../api/admin-client';
import type { ApplicationStatus, Vendor, VendorApplication } from './types';

export const vendorKeys = {
  vendors: ['admin', 'vendors'] as const,
  applications: ['admin', 'vendor-applications'] as const,
};

/** Vendor cards per page (four rows of the widest grid) and applications per page. */
export const VENDORS_PAGE_SIZE = 24;
export const APPLICATIONS_PAGE_SIZE = 10;

/** One page of the vendor grid, newest first; the previous page stays on screen while the next loads. */
export function useAdminVendors(page: number) {
  return useAdminQuery<{ data: Vendor[]; total: number }>(
    [...vendorKeys.vendors, page],
    `/api/admin/vendors?page=${page}&pageSize=${VENDORS_PAGE_SIZE}`,
    { placeholderData: keepPreviousData },
  );
}

export function useVendorApplications(page: number) {
  return useAdminQuery<{ data: VendorApplication[]; total: number }>(
    [...vendorKeys.applications, page],
    `/api/admin/vendor-applications?page=${page}&pageSize=${APPLICATIONS_PAGE_SIZE}`,
    { placeholderData: keepPreviousData },
  );
}

export type VendorInput = Partial<Omit<Vendor, 'id' | 'createdAt' | 'updatedAt' | 'location'>> & {
  location?: { lat: number; lng: number } | null;
};

export function saveVendor(id: number | null, input: VendorInput): Promise<{ data: Vendor }> {
  return id === null
    ? adminRequest<{ data: Vendor }>('POST', '/api/admin/vendors', input)
    : adminRequest<{ data: Vendor }>('PATCH', `/api/admin/vendors/${id}`, input);
}

/** Approve or reject an application; either way both lists are refetched. */
export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: Exclude<ApplicationStatus, 'pending'> }) =>
      adminRequest('PATCH', `/api/admin/vendor-applications/${id}`, {
        status,
        adminNotes: status === 'approved' ? 'Approved by admin' : 'Rejected by admin',
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: vendorKeys.applications }),
        client.invalidateQueries({ queryKey: vendorKeys.vendors }),
      ]),
  });
}

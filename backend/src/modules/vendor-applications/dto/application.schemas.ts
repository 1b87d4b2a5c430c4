import { schema, t } from '../../../common/api-schema';
import { LAT_LNG, VENDOR_VIEW } from '../../vendors';
import { APPLICATION_STATUSES } from '../vendor-application.entity';

/** The answer shapes of the vendor application routes (applicationView in vendor-application.entity.ts). */

const APPLICATION_FIELDS = {
  id: t.integer(),
  name: t.string(),
  contactName: t.string(),
  contactTitle: t.nullable(t.string()),
  email: t.string(),
  phone: t.string(),
  description: t.string(),
  address: t.string(),
  city: t.string(),
  state: t.string(),
  zipCode: t.string(),
  website: t.nullable(t.string()),
  categories: t.array(t.string()),
  placeId: t.nullable(t.string()),
  location: t.nullable(LAT_LNG),
  additionalInfo: t.nullable(t.string()),
  status: t.oneOf(APPLICATION_STATUSES),
  adminNotes: t.nullable(t.string()),
  vendorId: t.nullable(t.integer()),
  decidedAt: t.nullable(t.dateTime()),
  createdAt: t.dateTime(),
};

export const APPLICATION_VIEW = schema('VendorApplication', t.object(APPLICATION_FIELDS));

export const DECIDED_APPLICATION = schema(
  'DecidedApplication',
  t.object({ ...APPLICATION_FIELDS, vendor: t.nullable(VENDOR_VIEW) }),
);

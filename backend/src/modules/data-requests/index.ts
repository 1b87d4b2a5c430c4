/**
 * What other modules may use of data requests. The registry comes first: each module that holds
 * personal data registers a holder with it (a small class in that module's own folder, using only
 * that module's tables), and this file is what those holders import. Members use the service for
 * the "Your data" section of their account. The table and its routes are its own.
 */
export {
  PersonalDataRegistry,
  ERASED,
  erasedAddress,
  exportRows,
  literalsOf,
  searchableLiterals,
  containsPatterns,
  scrubJson,
  scrubText,
  subjectAddresses,
  type DataSubject,
  type PersonalDataHolder,
} from './personal-data-registry';
export { DataRequestsModule } from './data-requests.module';
export { DataRequestsService, type DataRequestView } from './data-requests.service';
export { DATA_REQUEST } from './dto/data-requests.schemas';
export { MemberDataRequestDto, ERASE_CONFIRMATION } from './dto/data-request.dto';

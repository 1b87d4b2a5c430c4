/**
 * What other modules may use of the audit log: AuditService (record a staff action inside your
 * transaction), the scope a staff request runs in, and its interceptor for the staff decorator.
 * The table and its entity are this module's own.
 */
export { AuditModule } from './audit.module';
export { AuditService, type AuditRecord } from './audit.service';
export { AuditScopeInterceptor, currentAuditScope, runAs, type AuditActor, type AuditScope } from './audit-scope';

import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Global, Module } from '@nestjs/common';
import { AuditEntry } from './audit-entry.entity';
import { AuditScopeInterceptor } from './audit-scope';
import { AuditService } from './audit.service';

/**
 * The audit log. Global because every module with admin routes records its staff actions here
 * (AuditService.record in its own transaction), and the staff decorator composes the scope
 * interceptor, which resolves in the module of the controller it wraps.
 */
@Global()
@Module({
  imports: [MikroOrmModule.forFeature([AuditEntry])],
  providers: [AuditService, AuditScopeInterceptor],
  exports: [AuditService, AuditScopeInterceptor],
})
export class AuditModule {}
